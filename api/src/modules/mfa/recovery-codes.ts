import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { TokenService } from '../auth/index.js';
import { replaceRecoveryCodeDigests, spendRecoveryCode } from './queries.js';

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
  const list = [...codes];
  await replaceRecoveryCodeDigests(
    q,
    user,
    list.map((c) => tokens.digest(PURPOSE, normalize(c))),
  );
  return list;
}

/** Uses up one of the user's unused codes; false when the code is not one (or was used already). */
export async function useRecoveryCode(q: Queryable, tokens: TokenService, userId: string, code: string) {
  if (!RECOVERY_CODE.test(code)) return false;
  return spendRecoveryCode(q, userId, tokens.digest(PURPOSE, normalize(code)));
}
