import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inTenant } from '../../db/tenant.js';
import { ApiError } from '../../lib/errors.js';
import { callerState, loadUserInfo, type Principal, type UserInfo } from '../auth/index.js';
import { countFactors, sessionAal } from '../mfa/index.js';
import { goTrue } from './errors.js';

const bearerPattern = /^Bearer\s+(\S+)$/i;

/** The bearer's principal and user, GoTrue's way: 401 without a token, 403 for a bad one or an ended session. */
export async function caller(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ principal: Principal; user: UserInfo }> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? bearerPattern.exec(header) : null;
  if (!match) throw goTrue(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let principal: Principal;
  try {
    principal = await app.tokens.verify(match[1]!);
  } catch (error) {
    const why = error instanceof ApiError && error.code === 'TOKEN_EXPIRED' ? 'token is expired' : 'token is invalid';
    throw goTrue(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  const user = await inTenant(app.db, principal.companyId, async (q) => {
    const state = await callerState(q, principal.userId, principal.sessionId);
    if (!state) throw goTrue(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (!state.sessionLive)
      throw goTrue(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    if (!state.active) throw goTrue(403, 'user_banned', 'User is banned');
    return loadUserInfo(q, principal.userId);
  });
  if (!user) throw goTrue(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return { principal, user };
}

/**
 * GoTrue's rule for a change that would outlast a stolen password (the password, the address, a
 * way to sign in): a user with a verified second factor makes it from an aal2 session only.
 */
export async function owesSecondFactor(app: FastifyInstance, principal: Principal): Promise<boolean> {
  return inTenant(
    app.db,
    principal.companyId,
    async (q) =>
      (await countFactors(q, principal.userId)).verified > 0 && (await sessionAal(q, principal.sessionId)) !== 'aal2',
  );
}

/** Linking or unlinking a sign-in (Google) is such a change: one that survives a password reset. */
export async function requireProvenFactorToLink(app: FastifyInstance, principal: Principal): Promise<void> {
  if (await owesSecondFactor(app, principal))
    throw goTrue(
      403,
      'insufficient_aal',
      'AAL2 session is required to link or unlink an identity when MFA is enabled.',
    );
}
