import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';
import { take } from '../../lib/rate-limit.js';
import type { TokenService } from '../auth/index.js';
import * as queries from './code-queries.js';
import type { CodePurpose, LiveCode } from './code-queries.js';
import { goTrue } from './errors.js';

/**
 * The rules of mailed one-time codes (sign-in, email change, reauthentication). Why these numbers:
 * - 6 digits: what a person types from a mail on a phone; GoTrue's default length.
 * - 10 minutes: long enough for slow mail to arrive and be read, short enough that a code left in
 *   an inbox is soon worthless (GoTrue's default is 1 h, which we find long for a sign-in).
 * - 5 tries per code, then it is dead: with 5 mails an hour per address, a guesser gets at most
 *   25 tries an hour at 1 in 1,000,000 each.
 * - 5 code mails per address per hour (sign-in, resend, reauthentication together): the owner's
 *   retries, never a mail bomb; 30 an hour per IP across addresses; 60 verifications an hour per IP.
 */
export const CODES = {
  digits: 6,
  lifetimeSeconds: 10 * 60,
  maxTries: 5,
  mailsPerAddressPerHour: 5,
  mailsPerIpPerHour: 30,
  verificationsPerIpPerHour: 60,
} as const;
const HOUR = 3600;

export const codeMinutes = CODES.lifetimeSeconds / 60;

/** GoTrue's answer to a wrong, used, dead or unknown code (supabase/auth verify.go). */
export const codeRefused = () => goTrue(403, 'otp_expired', 'Token has expired or is invalid');

const newCode = () => String(randomInt(0, 10 ** CODES.digits)).padStart(CODES.digits, '0');

/**
 * A new code for the user and purpose, mailed to `email` (the account's, or the new address of an
 * email change): any older live code of that purpose stops working. Inside any transaction: the
 * table is a directory table.
 */
export async function issueCode(
  q: Queryable,
  tokens: TokenService,
  c: { companyId: string; userId: string; purpose: CodePurpose; email: string },
): Promise<string> {
  const code = newCode();
  const id = randomUUID();
  await queries.closeCodes(q, c.userId, c.purpose);
  await queries.insertCode(q, {
    id,
    companyId: c.companyId,
    userId: c.userId,
    purpose: c.purpose,
    emailKey: c.email.trim().toLowerCase(),
    hash: tokens.digest('one-time code', `${id}\0${code}`),
    seconds: CODES.lifetimeSeconds,
  });
  return code;
}

/**
 * Tries `given` against a live code (locked by the caller's transaction): the right code is used
 * up; a wrong one is counted, and the code dies at CODES.maxTries. The caller must let its
 * transaction commit either way — a refused try has to stay counted.
 */
export async function tryCode(q: Queryable, tokens: TokenService, live: LiveCode, given: string): Promise<boolean> {
  const expected = Buffer.from(live.codeHash);
  const actual = Buffer.from(tokens.digest('one-time code', `${live.id}\0${given.trim()}`));
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await queries.closeCode(q, live.id);
    return true;
  }
  await queries.countMiss(q, live.id, CODES.maxTries);
  return false;
}

/** The reauthentication nonce of PUT /user: the user's live code of that purpose, used up if right. */
export function useNonce(db: Database, tokens: TokenService, userId: string, nonce: string): Promise<boolean> {
  return inPublic(db, async (q) => {
    const live = await queries.liveCodeOfUser(q, userId, 'reauthentication');
    return live !== null && (await tryCode(q, tokens, live, nonce));
  });
}

const overLimit = (seconds: number) =>
  goTrue(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds} seconds.`,
  );

/**
 * Counts a code mail for the address and the IP, whether or not the address has an account (so a
 * refusal says nothing about it); 429 in GoTrue's words when either is over its hour.
 */
export async function limitCodeMails(db: Database, email: string, ip: string): Promise<void> {
  const wait = await inPublic(db, async (q) => {
    const byIp = await take(q, `otp-mail:ip:${ip}`, CODES.mailsPerIpPerHour, HOUR);
    if (byIp !== null) return byIp;
    return take(q, `otp-mail:email:${email.trim().toLowerCase()}`, CODES.mailsPerAddressPerHour, HOUR);
  });
  if (wait !== null) throw overLimit(wait);
}

/** Counts a code verification for the IP; 429 past CODES.verificationsPerIpPerHour. */
export async function limitVerifications(db: Database, ip: string): Promise<void> {
  const wait = await inPublic(db, (q) => take(q, `otp-verify:ip:${ip}`, CODES.verificationsPerIpPerHour, HOUR));
  if (wait !== null) throw goTrue(429, 'over_request_rate_limit', 'Request rate limit reached');
}
