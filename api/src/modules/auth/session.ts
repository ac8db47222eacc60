import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inTenant } from '../../db/tenant.js';
import { deactivated } from '../../lib/errors.js';
import type { UserInfo } from './accounts.js';
import { userActive } from './session-queries.js';
import { openSession, type DeviceInfo, type NewSession } from './sessions.js';
import type { AuthMethod } from './tokens.js';

/** The cookie that lets `<img src="/api/auth/profile-picture/{id}">` work without a token in the URL. */
export const PICTURE_COOKIE = 'sw_pictures';
export const PICTURE_PATH = '/api/auth/profile-picture';

/**
 * A session for the user (an auth_sessions row) and its access token, and the narrow picture
 * cookie beside it: HttpOnly, SameSite=Strict, sent only to the profile-picture route, and good
 * only for reading pictures of the same company. Every way in of the spec's /api/auth calls
 * (password, Google) ends here, so a deactivated user is refused here, once.
 *
 * The answer keeps the spec's `token` and `user` and adds `session`, the same session as GoTrue's
 * token answer: the browser hands it to supabase-js (`auth.setSession`), which refreshes it from
 * then on. So the token lives as short as the auth service's (ACCESS_TOKEN_TTL_SECONDS).
 */
export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  user: UserInfo,
  amr: AuthMethod = 'password',
) {
  const opened = await signInSession(app, reply.request, user, {
    amr,
    refreshable: true,
    seconds: app.config.accessTokenTtlSeconds,
  });
  await setPictureCookie(app, reply, user);
  // A refresh token is a credential: no cache keeps this answer.
  reply.header('cache-control', 'no-store');
  return { token: opened.accessToken, user, session: goTrueTokens(opened) };
}

/**
 * A session's tokens as GoTrue answers them (supabase-js's Session without the user): the spec's
 * sign-in answers carry them, and the auth service adds the user (hosted-auth/user.ts).
 */
export function goTrueTokens(s: Pick<NewSession, 'accessToken' | 'refreshToken' | 'expiresIn'>) {
  if (!s.refreshToken) throw new Error('goTrueTokens: the session cannot be refreshed');
  return {
    access_token: s.accessToken,
    token_type: 'bearer' as const,
    expires_in: s.expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + s.expiresIn,
    refresh_token: s.refreshToken,
  };
}

/** Opens a session for a user who has proven who they are; a deactivated user is refused (401). */
export function signInSession(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserInfo,
  how: { amr: AuthMethod; refreshable: boolean; seconds: number },
): Promise<NewSession> {
  return inTenant(app.db, user.companyId, async (q) => {
    if (!(await userActive(q, user.id))) throw deactivated();
    return openSession(q, app.tokens, user, { ...how, device: deviceOf(request) });
  });
}

/** The device a request comes from, as a session records it. */
export const deviceOf = (request: FastifyRequest): DeviceInfo => ({
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  ip: request.ip ?? null,
});

export async function setPictureCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  user: { id: string; companyId: string },
): Promise<void> {
  const { token: value, seconds } = await app.tokens.pictureToken({ userId: user.id, companyId: user.companyId });
  const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${PICTURE_COOKIE}=${value}; Path=${PICTURE_PATH}; Max-Age=${seconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The picture cookie's value from a Cookie header, if any (one name, no other cookie is read). */
export function pictureCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === PICTURE_COOKIE) return rest.join('=') || null;
  }
  return null;
}
