import { hash, verify } from '@node-rs/argon2';
import { badRequest } from './errors.js';

// OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1.
export const OWASP_HASHING = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * The API's own test suite only: argon2id at a cost of about 1 ms instead of ≈ 48 ms of CPU per
 * hash and check. Hundreds of tests each register companies and sign users in, and nothing they
 * assert depends on the cost (a stored hash names its own parameters, so either verifies).
 * Taken only when NODE_ENV is exactly `test` and PASSWORD_HASH_COST is `test` (set by the Jest
 * set-up, test/password-cost.ts); production, development and an unset NODE_ENV keep OWASP's.
 */
const TEST_HASHING = { algorithm: 2 /* Argon2id */, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function passwordHashing(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'test' && env.PASSWORD_HASH_COST === 'test' ? TEST_HASHING : OWASP_HASHING;
}

const OPTIONS = passwordHashing();

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function checkPasswordPolicy(password: string, field = 'password'): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw badRequest(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`, field, 'WEAK_PASSWORD');
  }
}

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of a password nobody has, verified when the account does not exist (equal timing). */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
