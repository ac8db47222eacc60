import { getAuthClient } from '@stockwise/shared';

/** The API's recovery code as typed: two groups of five letters or digits, the dash optional. */
export const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/** The user has no verified authenticator app to check a code against. */
export class NoFactorError extends Error {
  constructor() {
    super('No verified authenticator app');
    this.name = 'NoFactorError';
  }
}

/**
 * Proves the session's second factor with a code from the authenticator app or a recovery code
 * (the auth service takes either as the code of the verified TOTP factor). supabase-js then holds
 * an aal2 session and announces MFA_CHALLENGE_VERIFIED, which brings the new token to the store.
 */
export async function verifySecondFactor(code: string): Promise<void> {
  const auth = await getAuthClient();
  const factors = await auth.mfa.listFactors();
  if (factors.error) throw factors.error;
  const factor = factors.data.totp.find((f) => f.status === 'verified');
  if (!factor) throw new NoFactorError();
  const { error } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw error;
}

/** GoTrue's error code of a failed auth call, if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}
