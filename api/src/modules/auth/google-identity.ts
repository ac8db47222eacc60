import type { FastifyInstance } from 'fastify';
import { inPublic } from '../../db/tenant.js';
import { ApiError, serviceUnavailable } from '../../lib/errors.js';
import { sha256 } from '../../lib/hash.js';
import type { VerifiedIdentity } from '../oidc/index.js';
import * as queries from './queries.js';

// Proving a Google (or stand-in) identity, apart from the sign-in routes: the auth service's
// redirect and ID-token grants use it too, and the routes' own imports (invitations) must not
// come along into the module's public index.

const NONCE_MINUTES = 10;
const SIGN_IN_FAILED = 'Google sign-in failed: the ID token is not valid or has expired.';

/** A nonce this API hands out for one Google sign-in (the browser's, or a redirect flow's): accepted once. */
export function rememberNonce(database: FastifyInstance['db'], nonce: string): Promise<void> {
  return inPublic(database, (q) => queries.storeNonce(q, sha256(nonce), NONCE_MINUTES));
}

/**
 * A Google (or development stand-in) identity, proven once: the signature, issuer, audience,
 * expiry and verified email are checked by the verifier, then the token's nonce must be one this
 * API handed out and not yet used; it is consumed here, so an ID token cannot be replayed.
 */
export async function verifiedIdentity(
  app: FastifyInstance,
  idToken: string,
  /** 401 when the token is the sign-in; 400 when a signed-in caller sends it (their session is fine). */
  refusal: 400 | 401 = 401,
): Promise<VerifiedIdentity> {
  const refuse = (message: string, code: string) => new ApiError(refusal, message, code);
  if (!app.idTokens) {
    throw serviceUnavailable('Google sign-in is not configured on this server.', 'GOOGLE_NOT_CONFIGURED');
  }
  let identity: VerifiedIdentity;
  try {
    identity = await app.idTokens.verify(idToken);
  } catch {
    throw refuse(SIGN_IN_FAILED, 'INVALID_ID_TOKEN');
  }
  const nonce = identity.nonce;
  const consumed = nonce ? await inPublic(app.db, (q) => queries.consumeNonce(q, sha256(nonce))) : false;
  if (!consumed) {
    throw refuse(
      'Google sign-in failed: this sign-in was already used or has expired. Please try again.',
      'ID_TOKEN_REUSED',
    );
  }
  return identity;
}
