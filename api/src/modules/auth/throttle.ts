import type { Database } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';
import { clearEvents, countEvents, recordEvent } from '../../lib/rate-limit.js';
import { tooManyRequests } from '../../lib/errors.js';

const HOUR = 3600;
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

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

  async check(account: string, address: string): Promise<void> {
    const k = this.keys(account, address);
    const refused = await inPublic(this.db, async (q) => {
      if ((await countEvents(q, k.pair, HOUR)) >= this.limits.perAccountAddress) return true;
      if ((await countEvents(q, k.address, HOUR)) >= this.limits.perAddress) return true;
      if ((await countEvents(q, k.account, HOUR)) < this.limits.perAccount) return false;
      return (await countEvents(q, k.known, KNOWN_ADDRESS_SECONDS)) === 0;
    });
    if (refused) {
      throw tooManyRequests(
        'Too many failed sign-in attempts. Please wait an hour and try again, or reset your password.',
      );
    }
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

/** After a password reset: the owner proved the mailbox, the account-wide count starts again. */
export async function clearAccountFailures(db: Database, account: string): Promise<void> {
  await inPublic(db, (q) => clearEvents(q, `login:account:${account}`));
}

export const accountKey = (entry: { userId: string } | null, typed: string) =>
  entry ? `user:${entry.userId}` : `name:${typed.trim().toLowerCase()}`;
