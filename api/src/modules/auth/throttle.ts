import { createHash, randomInt } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';
import { clearEvents, countEvents, hit, recordEvent } from '../../lib/rate-limit.js';

const HOUR = 3600;
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;
/** How long a mailed sign-in code works. */
export const SIGN_IN_CODE_MINUTES = 15;
/** Sign-in code mails per account per hour: the owner's retries, never a mail bomb. */
const CODE_MAILS_PER_HOUR = 5;
/** Wrong codes per account per hour (with the right password) before every code stops working. */
const CODE_MISSES_PER_HOUR = 5;

export interface ThrottleLimits {
  perAccount: number;
  perAccountAddress: number;
  perAddress: number;
}

/**
 * Sign-in throttling (ASVS 2.2.1: anti-automation, not a denial of service), counted in
 * PostgreSQL so every replica sees the same numbers. `account` names the account whatever was
 * typed (user name or email), or the typed name when there is none, so both look alike.
 *
 * - account + address: a few failures, then that address is refused for that account;
 * - address: many failures over all accounts (spraying), then the address is refused;
 * - account: many failures from anywhere, then only addresses that have signed in to this account
 *   in the last 30 days may still try. A stranger's failures never lock the owner out at home;
 *   a reset password clears the count.
 *
 * A refused attempt is never a dead end for the owner, wherever they are: the right password
 * there mails a one-time code to the account's address, and the right password with that code
 * signs in (SignInCodes). The answer is the same whether the password was right or not, so a
 * refused attacker learns nothing from guessing on.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly limits: ThrottleLimits,
  ) {}

  private keys(account: string, address: string) {
    return {
      account: `login:account:${account}`,
      pair: `login:pair:${account}:${address}`,
      address: `login:ip:${address}`,
      known: `login:known:${account}:${address}`,
    };
  }

  /** Whether this address is refused for this account (only the password with a mailed code passes). */
  async refused(account: string, address: string): Promise<boolean> {
    const k = this.keys(account, address);
    return inPublic(this.db, async (q) => {
      if ((await countEvents(q, k.pair, HOUR)) >= this.limits.perAccountAddress) return true;
      if ((await countEvents(q, k.address, HOUR)) >= this.limits.perAddress) return true;
      if ((await countEvents(q, k.account, HOUR)) < this.limits.perAccount) return false;
      return (await countEvents(q, k.known, KNOWN_ADDRESS_SECONDS)) === 0;
    });
  }

  /**
   * Counts a refused attempt that is about to check a password (argon2's 19 MiB): an address gets
   * as many of those an hour as it gets failures, then it is not even checked.
   */
  async refusedAttemptAllowed(address: string): Promise<boolean> {
    return inPublic(this.db, (q) => hit(q, `login:refused:${address}`, this.limits.perAddress, HOUR));
  }

  async failed(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await inPublic(this.db, async (q) => {
      await recordEvent(q, k.pair, HOUR);
      await recordEvent(q, k.account, HOUR);
      await recordEvent(q, k.address, HOUR);
    });
  }

  /** The address becomes known for the account; the account-wide count stays (the attack goes on). */
  async succeeded(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    await inPublic(this.db, async (q) => {
      await clearEvents(q, k.pair);
      await clearEvents(q, k.known);
      await recordEvent(q, k.known, KNOWN_ADDRESS_SECONDS);
    });
  }
}

const codeKey = (account: string, code: string) =>
  `login:code:${account}:${createHash('sha256').update(code).digest('hex')}`;

/**
 * One-time sign-in codes for a refused address: 8 digits, mailed only after the right password,
 * kept as a hash in the shared counters table for SIGN_IN_CODE_MINUTES, used once. Guessing one
 * needs the password already, and CODE_MISSES_PER_HOUR wrong ones void them all for the hour.
 */
export class SignInCodes {
  constructor(private readonly db: Database) {}

  /** A new code for the account, or null when it had CODE_MAILS_PER_HOUR this hour already. */
  async issue(account: string): Promise<string | null> {
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    const issued = await inPublic(this.db, async (q) => {
      if (!(await hit(q, `login:code-mail:${account}`, CODE_MAILS_PER_HOUR, HOUR))) return false;
      await recordEvent(q, codeKey(account, code), SIGN_IN_CODE_MINUTES * 60);
      return true;
    });
    return issued ? code : null;
  }

  /** Whether `code` is a live code of the account; a live code is used up by this. */
  async use(account: string, code: string): Promise<boolean> {
    return inPublic(this.db, async (q) => {
      const misses = `login:code-miss:${account}`;
      if ((await countEvents(q, misses, HOUR)) >= CODE_MISSES_PER_HOUR) return false;
      const key = codeKey(account, code);
      if ((await countEvents(q, key, SIGN_IN_CODE_MINUTES * 60)) > 0) {
        await clearEvents(q, key);
        return true;
      }
      await recordEvent(q, misses, HOUR);
      return false;
    });
  }
}

/** After a password reset: the owner proved the mailbox, the account-wide count starts again. */
export async function clearAccountFailures(db: Database, account: string): Promise<void> {
  await inPublic(db, (q) => clearEvents(q, `login:account:${account}`));
}

export const accountKey = (entry: { userId: string } | null, typed: string) =>
  entry ? `user:${entry.userId}` : `name:${typed.trim().toLowerCase()}`;
