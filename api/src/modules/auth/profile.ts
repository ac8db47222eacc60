import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SELF } from '../../access/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inTenant } from '../../db/tenant.js';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { profilePictureFolder, publicObjectUrlPrefixes } from '../storage/index.js';
import { key, loadUserInfo } from './accounts.js';
import * as S from './schemas.js';
import { pictureCookie, setPictureCookie } from './session.js';
import { issueVerification, requireMail, sendVerification } from './verification.js';

const HOUR = 3600;

/** Only a picture the product's storage holds, in the caller's own profile-pictures folder. */
function allowedPictureUrl(app: FastifyInstance, companyId: string, userId: string, raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  const folder = `${profilePictureFolder(companyId, userId)}/`;
  return publicObjectUrlPrefixes(app.config).some(
    (prefix) => `${url.origin}${url.pathname}`.startsWith(`${prefix}${folder}`) && !url.pathname.includes('/../'),
  );
}

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tag = { tags: ['auth'] };
  const bearer = { security: [{ bearer: [] }] };

  app.get(
    '/api/auth/getuser',
    {
      onRequest: app.authenticate,
      schema: { ...tag, ...bearer, operationId: 'getUser', ...SELF, response: answers(S.UserInfoSchema) },
    },
    async (request, reply) => {
      const info = await app.inCompany(request, (q) => loadUserInfo(q, request.principal!.userId));
      if (!info) throw unauthorized('Your account no longer exists.', 'USER_GONE');
      await setPictureCookie(app, reply, info);
      return info;
    },
  );

  app.put(
    '/api/auth/updateuser',
    {
      onRequest: app.authenticate,
      schema: {
        ...tag,
        ...bearer,
        operationId: 'updateUser',
        ...SELF,
        description:
          'Updates the profile. A new email is kept as pendingEmail and a link is mailed to it; the email changes when the link is used.',
        body: S.UpdateUserBody,
        response: answers(S.UserInfoSchema),
      },
    },
    async (request) => {
      const b = request.body;
      const me = request.principal!;
      if (b.profilePictureUrl && !allowedPictureUrl(app, me.companyId, me.userId, b.profilePictureUrl)) {
        throw badRequest(
          'profilePictureUrl: must be a picture uploaded to your own profile-pictures folder.',
          'profilePictureUrl',
        );
      }
      // A taken user name or email answers 409, which says that it exists: limit the questions.
      if (b.userName !== undefined || b.email !== undefined) {
        await enforceLimit(db, `profile:names:${me.userId}`, 20, HOUR, 'Too many changes. Please try again later.');
      }
      const result = await app.inCompany(request, async (q) => {
        const [current] = await q.query<{ email: string }>(`SELECT email FROM users WHERE id = $1 FOR UPDATE`, [
          me.userId,
        ]);
        if (!current) throw unauthorized('Your account no longer exists.', 'USER_GONE');
        const sets: string[] = [];
        const values: unknown[] = [me.userId];
        const set = (column: string, value: unknown) => {
          values.push(value);
          sets.push(`${column} = $${values.length}`);
        };
        if (b.firstName !== undefined) set('first_name', b.firstName);
        if (b.lastName !== undefined) set('last_name', b.lastName);
        if (b.userName !== undefined) set('user_name', b.userName.trim());
        if (b.profilePictureUrl !== undefined) set('profile_picture_url', b.profilePictureUrl || null);
        let newEmail: string | null = null;
        if (b.email !== undefined) {
          if (key(b.email) === key(current.email)) set('pending_email', null);
          else {
            requireMail(app, 'Changing the email');
            const taken = await q.query(`SELECT 1 FROM user_directory WHERE email_key = $1`, [key(b.email)]);
            if (taken.length) throw conflict('An account with this email already exists.', 'email');
            newEmail = b.email.trim();
            set('pending_email', newEmail);
          }
        }
        if (sets.length) {
          await q.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, values);
        }
        if (b.userName !== undefined) {
          await q.query(
            `UPDATE user_directory d SET user_name_key = lower(u.user_name) FROM users u WHERE u.id = $1 AND d.user_id = u.id`,
            [me.userId],
          );
        }
        const token = newEmail ? await issueVerification(q, me, newEmail) : null;
        return { info: (await loadUserInfo(q, me.userId))!, token, newEmail };
      });
      if (result.token && result.newEmail) await sendVerification(app, request, result.newEmail, result.token, true);
      return result.info;
    },
  );

  /** The caller of the picture route: a bearer token, or the narrow picture cookie of an <img>. */
  async function pictureViewer(request: FastifyRequest): Promise<{ userId: string; companyId: string }> {
    if (request.headers.authorization) {
      await app.authenticate(request, null as never);
      return request.principal!;
    }
    const cookie = pictureCookie(request.headers.cookie);
    const who = cookie ? await app.tokens.verifyPurpose('profile-pictures', cookie) : null;
    if (!who) throw unauthorized();
    return who;
  }

  app.get(
    '/api/auth/profile-picture/:id',
    {
      schema: {
        ...tag,
        ...bearer,
        operationId: 'getProfilePicture',
        description:
          'Redirects (302) to the user’s profile picture; same company only. Works as an <img src>: the browser sends the narrow HttpOnly cookie set by getuser and login (no token in the URL).',
        params: IdParams,
        response: { 302: Type.Null(), '4xx': answers(Type.Null())['4xx'] },
      },
    },
    async (request, reply) => {
      const viewer = await pictureViewer(request);
      const url = await inTenant(db, viewer.companyId, async (q) => {
        const me = await q.query(`SELECT 1 FROM users WHERE id = $1`, [viewer.userId]);
        if (me.length === 0) throw unauthorized('Your account no longer exists.', 'USER_GONE');
        const [row] = await q.query<{ url: string | null }>(
          `SELECT profile_picture_url AS url FROM users WHERE id = $1`,
          [request.params.id],
        );
        if (!row) throw notFound('User not found.');
        if (!row.url) throw notFound('This user has no profile picture.');
        return row.url;
      });
      reply.header('cache-control', 'private, no-cache');
      return reply.redirect(url, 302);
    },
  );
};
