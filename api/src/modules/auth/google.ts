import { randomBytes } from 'node:crypto';
import { SELF } from '../../access/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTenant } from '../../db/tenant.js';
import { ApiError, conflict, serviceUnavailable } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { answers } from '../../lib/schemas.js';
import { acceptInvitation } from '../invitations/index.js';
import { findByEmail, findByGoogleSubject, freeUserName, loadUserInfo } from './accounts.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { rememberNonce, verifiedIdentity } from './google-identity.js';
import { startSession } from './session.js';

const HOUR = 3600;
export const googleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tag = { tags: ['auth'] };

  app.get(
    '/providers',
    {
      schema: {
        ...tag,
        operationId: 'authProviders',
        description:
          'Google’s client id when GOOGLE_CLIENT_ID is configured; in development without it, the embedded OpenID provider (a stand-in, not Google); in production without it, neither.',
        response: answers(S.AuthProviders),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const verifier = app.idTokens;
      if (!verifier) return { google: null, oidc: null };
      const { mode, issuer, clientId } = verifier;
      return mode === 'google' ? { google: { clientId }, oidc: null } : { google: null, oidc: { issuer, clientId } };
    },
  );

  app.post(
    '/google-nonce',
    {
      schema: {
        ...tag,
        operationId: 'googleNonce',
        description: 'A nonce for one Google sign-in: its ID token must carry it, and is accepted once.',
        response: answers(S.GoogleNonce),
      },
    },
    async (request, reply) => {
      if (!app.idTokens) {
        throw serviceUnavailable('Google sign-in is not configured on this server.', 'GOOGLE_NOT_CONFIGURED');
      }
      await enforceLimit(db, `nonce:ip:${request.ip}`, 120, HOUR, 'Too many sign-in attempts. Please try again later.');
      const nonce = randomBytes(24).toString('base64url');
      await rememberNonce(db, nonce);
      reply.header('cache-control', 'no-store');
      return { nonce };
    },
  );

  app.post(
    '/google-login',
    {
      schema: {
        ...tag,
        operationId: 'googleLogin',
        description:
          'Signs in the account this Google account was connected to (from the profile, or a Google registration). An email alone never links accounts.',
        body: S.GoogleLoginBody,
        response: answers(S.AuthResult),
      },
    },
    async (request, reply) => {
      const identity = await verifiedIdentity(app, request.body.idToken);
      const entry = await findByGoogleSubject(db, identity.subject);
      const info = entry ? await inTenant(db, entry.companyId, (q) => loadUserInfo(q, entry.userId)) : null;
      if (!info) {
        throw new ApiError(
          404,
          'No Stockwise account is connected to this Google account. Sign in with your password and connect Google from your profile, register your company with Google, or ask your administrator for an invitation.',
          'ACCOUNT_NOT_FOUND',
        );
      }
      return startSession(app, reply, info, 'oauth');
    },
  );

  app.post(
    '/google-login-with-invitation',
    {
      schema: {
        ...tag,
        operationId: 'googleLoginWithInvitation',
        body: S.GoogleInvitationBody,
        response: answers(S.AuthResult),
      },
    },
    async (request, reply) => {
      const identity = await verifiedIdentity(app, request.body.idToken);
      if ((await findByEmail(db, identity.email)) || (await findByGoogleSubject(db, identity.subject))) {
        throw new ApiError(
          409,
          'An account with this Google email already exists. Sign in with Google instead.',
          'ACCOUNT_EXISTS',
        );
      }
      const user = await acceptInvitation(db, request.body.invitationId, {
        userName: await freeUserName(db, identity.email.split('@')[0] ?? 'user'),
        email: identity.email,
        firstName: identity.givenName ?? '',
        lastName: identity.familyName ?? '',
        passwordHash: null,
        googleSubject: identity.subject,
        emailVerified: true,
      });
      return startSession(app, reply, user, 'oauth');
    },
  );

  app.post(
    '/connect-google',
    {
      onRequest: app.authenticate,
      schema: {
        ...tag,
        security: [{ bearer: [] }],
        operationId: 'connectGoogle',
        ...SELF,
        description:
          'Connects a Google account to the signed-in account (the only way a Google account is linked to an existing one).',
        body: S.ConnectGoogleBody,
        response: answers(S.UserInfoSchema),
      },
    },
    async (request) => {
      const identity = await verifiedIdentity(app, request.body.idToken, 400);
      const me = request.principal!;
      const holder = await findByGoogleSubject(db, identity.subject);
      if (holder && holder.userId !== me.userId) {
        throw conflict('This Google account is already connected to another Stockwise account.');
      }
      return app.inCompany(request, (q) => service.connectGoogle(q, me.userId, identity.subject));
    },
  );
};
