import { randomBytes } from 'node:crypto';
import { SELF } from '../../access/index.js';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inPublic, inTenant } from '../../db/tenant.js';
import { ApiError, conflict, serviceUnavailable } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { answers } from '../../lib/schemas.js';
import { acceptInvitation } from '../invitations/index.js';
import type { VerifiedIdentity } from '../oidc/index.js';
import { findByEmail, findByGoogleSubject, freeUserName, loadUserInfo } from './accounts.js';
import * as queries from './queries.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { sha256 } from './service.js';
import { startSession } from './session.js';

const HOUR = 3600;
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
