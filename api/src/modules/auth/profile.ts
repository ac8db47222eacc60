import type { FastifyRequest } from 'fastify';
import { inCallerStatement, inWorkTransaction, SELF, SELF_BEFORE_MFA } from '../../access/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inTenant } from '../../db/tenant.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { profilePictureKey, releaseProfilePicture } from '../storage/index.js';
import { loadUserInfo } from './accounts.js';
import { getUserAsCaller, toUserInfo } from './queries.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { pictureCookie, setPictureCookie } from './session.js';
import { mailAddressTaken } from './collisions.js';
import { issueVerification, mailEmailChangeAsked, requireMail, sendVerification } from './verification.js';

const HOUR = 3600;

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tag = { tags: ['auth'] };
  const bearer = { security: [{ bearer: [] }] };

  app.get(
    '/getuser',
    {
      // The access check and the profile are one statement (inCallerStatement): no transaction of
      // its own for the check, not even BEGIN and COMMIT for the read.
      onRequest: [app.authenticate, inWorkTransaction],
      // Before the second factor too: the verification step shows whom it is for.
      schema: { ...tag, ...bearer, operationId: 'getUser', ...SELF_BEFORE_MFA, response: answers(S.UserInfoSchema) },
    },
    async (request, reply) => {
      const { info: row } = await inCallerStatement(request, (companyId, userId, sessionId) =>
        getUserAsCaller(db, companyId, userId, sessionId),
      );
      if (!row) throw unauthorized('Your account no longer exists.', 'USER_GONE');
      const info = toUserInfo(row);
      await setPictureCookie(app, reply, info);
      return info;
    },
  );

  app.put(
    '/updateuser',
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
      // Only a picture the product's storage holds, in the caller's own profile-pictures folder.
      if (b.profilePictureUrl && !profilePictureKey(app.config, me.companyId, me.userId, b.profilePictureUrl)) {
        throw badRequest(
          'profilePictureUrl: must be a picture uploaded to your own profile-pictures folder.',
          'profilePictureUrl',
        );
      }
      // A taken user name answers 409, which says that it exists: limit the questions.
      // (A taken email does not: see service.updateProfile.)
      if (b.userName !== undefined || b.email !== undefined) {
        await enforceLimit(db, `profile:names:${me.userId}`, 20, HOUR, 'Too many changes. Please try again later.');
      }
      const result = await app.inCompany(request, async (q) => {
        const { newEmail, taken, previousPicture } = await service.updateProfile(q, me.userId, b, () =>
          requireMail(app, 'Changing the email'),
        );
        // Saving another picture (or none) frees the previous one from the company's storage.
        if (b.profilePictureUrl !== undefined)
          await releaseProfilePicture(q, app.objects, app.config, me, previousPicture, b.profilePictureUrl || null);
        const token = newEmail && !taken ? await issueVerification(q, me, newEmail) : null;
        return { info: (await loadUserInfo(q, me.userId))!, token, newEmail };
      });
      if (result.newEmail) {
        if (result.token) {
          await sendVerification(app, request, result.newEmail, result.token, true);
          // The account's address until the new one confirms: its owner hears of the change.
          await mailEmailChangeAsked(app, request, result.info.email, result.newEmail);
        } else await mailAddressTaken(app, request, result.newEmail, 'change');
      }
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
    '/profile-picture/:id',
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
      const url = await inTenant(db, viewer.companyId, (q) => service.pictureUrl(q, viewer.userId, request.params.id));
      reply.header('cache-control', 'private, no-cache');
      return reply.redirect(url, 302);
    },
  );
};
