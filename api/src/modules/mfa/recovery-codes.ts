import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { TokenService } from '../auth/index.js';

// One-time recovery codes: ten per set, each 10 characters of an unambiguous alphabet (50 bits),
// shown once when made and kept only as keyed digests; a new set replaces the old one.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const PURPOSE = 'recovery code';
/** What a recovery code looks like as typed: two groups of five, the dash and case optional. */
export const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

const normalize = (code: string) => code.toLowerCase().replace('-', '');

function newCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Makes a new set for the user (inside the company's transaction), replacing any earlier one. */
export async function replaceRecoveryCodes(
  q: Queryable,
  tokens: TokenService,
  user: { id: string; companyId: string },
) {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await q.query(`DELETE FROM auth_recovery_codes WHERE user_id = $1`, [user.id]);
  const list = [...codes];
  await q.query(
    `INSERT INTO auth_recovery_codes (company_id, user_id, code_hash)
     SELECT $1, $2, unnest($3::text[])`,
    [user.companyId, user.id, list.map((c) => tokens.digest(PURPOSE, normalize(c)))],
  );
  return list;
}

/** Uses up one of the user's unused codes; false when the code is not one (or was used already). */
export async function useRecoveryCode(q: Queryable, tokens: TokenService, userId: string, code: string) {
  if (!RECOVERY_CODE.test(code)) return false;
  const used = await q.query(
    `UPDATE auth_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [userId, tokens.digest(PURPOSE, normalize(code))],
  );
  return used.length === 1;
}

/** How many unused codes the user has left. */
export async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
  return row?.n ?? 0;
}

export async function dropRecoveryCodes(q: Queryable, userId: string): Promise<void> {
  await q.query(`DELETE FROM auth_recovery_codes WHERE user_id = $1`, [userId]);
}
