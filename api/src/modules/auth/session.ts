import type { FastifyInstance, FastifyReply } from 'fastify';
import { inTenant } from '../../db/tenant.js';
import { deactivated } from '../../lib/errors.js';
import type { UserInfo } from './accounts.js';

/** The cookie that lets `<img src="/api/auth/profile-picture/{id}">` work without a token in the URL. */
export const PICTURE_COOKIE = 'sw_pictures';
export const PICTURE_PATH = '/api/auth/profile-picture';

/**
 * A session token for the user, and the narrow picture cookie beside it: HttpOnly, SameSite=Strict,
 * sent only to the profile-picture route, and good only for reading pictures of the same company.
 * Every way in (password, Google) ends here, so a deactivated user is refused here, once.
 */
export async function startSession(app: FastifyInstance, reply: FastifyReply, user: UserInfo) {
  const [row] = await inTenant(app.db, user.companyId, (q) =>
    q.query<{ active: boolean }>(`SELECT deactivated_at IS NULL AS active FROM users WHERE id = $1`, [user.id]),
  );
  if (!row?.active) throw deactivated();
  const token = await app.tokens.sign({
    userId: user.id,
    companyId: user.companyId,
    userName: user.userName,
    roles: user.roles,
  });
  await setPictureCookie(app, reply, user);
  return { token, user };
}

export async function setPictureCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  user: { id: string; companyId: string },
): Promise<void> {
  const seconds = app.tokens.ttlSeconds;
  const value = await app.tokens.signPurpose(
    'profile-pictures',
    { userId: user.id, companyId: user.companyId },
    seconds,
  );
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
