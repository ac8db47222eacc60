import { hash, verify } from '@node-rs/argon2';
import { badRequest } from './errors.js';

// OWASP Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

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
