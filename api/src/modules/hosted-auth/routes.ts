import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTenant } from '../../db/tenant.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import {
  checkPassword,
  endSessions,
  signInGuard,
  requestPasswordReset,
  rotateRefreshToken,
  signInSession,
  type UserInfo,
} from '../auth/index.js';
import { caller } from './caller.js';
import { goTrue, goTrueErrorHandler, sendGoTrueError } from './errors.js';
import { factorRoutes } from './factors.js';
import { oneTimeCodeRoutes } from './one-time-codes.js';
import { externalGrant, externalRoutes } from './external.js';
import * as S from './schemas.js';
import { sessionAnswer, userJson as sessionUser } from './user.js';

const HOUR = 3600;

/**
 * The spec's hosted authentication service, at /auth/v1: the GoTrue endpoints supabase-js's auth
 * client calls, over the same sessions as the spec's /api/auth calls (auth/sessions.ts). Hidden
 * from our OpenAPI document: the protocol is GoTrue's, and supabase-js is its client.
 */
// Mounted by app.ts beside the keyed routes: the redirect pages (/authorize, /callback: no apikey)
// and the company's SSO providers (under /api).
export { redirectRoutes } from './external.js';
export { ssoProviderRoutes } from './sso-providers.js';

export const hostedAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;
  const guard = signInGuard(app);
  const hide = { hide: true };

  app.setErrorHandler(goTrueErrorHandler);
  // supabase-js names a JSON body on calls that send none (POST /logout); GoTrue reads that as no body.
  app.addHook('onRequest', async (request) => {
    const length = request.headers['content-length'];
    if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0'))
      delete request.headers['content-type'];
  });
  // As a Supabase project's gateway does: every call names the project's publishable key.
  app.addHook('onRequest', async (request, reply) => {
    const given = request.headers.apikey ?? (request.query as Record<string, unknown> | undefined)?.apikey;
    if (typeof given !== 'string' || given === '')
      return reply.status(401).send({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    if (given !== config.authPublishableKey)
      return reply.status(401).send({ message: 'Invalid API key', hint: 'Double check your publishable key.' });
  });

  const userJson = (user: UserInfo) => sessionUser(db, user);
  const tokenAnswer = (user: UserInfo, s: { accessToken: string; refreshToken: string; expiresIn: number }) =>
    sessionAnswer(db, user, s);

  app.post(
    '/token',
    {
      schema: { ...hide, querystring: S.TokenQuery, body: S.TokenBody },
      // GoTrue answers an unknown grant before it reads the body.
      preValidation: async (request) => {
        const grant = (request.query as { grant_type?: unknown }).grant_type;
        if (grant !== 'password' && grant !== 'refresh_token' && grant !== 'pkce' && grant !== 'id_token')
          throw goTrue(400, 'invalid_credentials', 'unsupported_grant_type');
      },
    },
    async (request) => {
      const body = request.body;
      const grant = request.query.grant_type;
      if (grant === 'pkce' || grant === 'id_token') {
        const { user, session } = await externalGrant(app, request, grant, body);
        return tokenAnswer(user, { ...session, refreshToken: session.refreshToken! });
      }
      if (request.query.grant_type === 'refresh_token') {
        const presented = body.refresh_token ?? '';
        if (presented.length < 12) throw goTrue(400, 'validation_failed', 'Refresh token is not valid');
        await enforceLimit(db, `refresh:ip:${request.ip}`, 1800, HOUR, 'Request rate limit reached');
        const outcome = await rotateRefreshToken(
          db,
          app.tokens,
          presented,
          config.refreshTokenReuseSeconds,
          config.accessTokenTtlSeconds,
        );
        if (!outcome.ok) throw goTrue(400, outcome.code, outcome.message);
        return tokenAnswer(outcome.user, outcome);
      }
      if (body.email !== undefined && body.phone !== undefined)
        throw goTrue(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
      if (body.phone !== undefined) throw goTrue(422, 'phone_provider_disabled', 'Phone logins are disabled');
      if (body.email === undefined) throw goTrue(400, 'validation_failed', 'missing email or phone');
      if (!S.EMAIL_FORMAT.test(body.email))
        throw goTrue(400, 'validation_failed', 'Unable to validate email address: invalid format');
      const user = await checkPassword(app, guard, {
        userName: body.email,
        password: body.password ?? '',
        ip: request.ip,
        log: request.log,
      });
      const session = await signInSession(app, request, user, {
        amr: 'password',
        refreshable: true,
        seconds: config.accessTokenTtlSeconds,
      });
      return tokenAnswer(user, { ...session, refreshToken: session.refreshToken! });
    },
  );

  app.post('/logout', { schema: { ...hide, querystring: S.LogoutQuery } }, async (request, reply) => {
    const scope = request.query.scope ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others')
      throw goTrue(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    const { principal } = await caller(app, request);
    await inTenant(db, principal.companyId, (q) =>
      endSessions(
        q,
        principal.userId,
        'sign-out',
        scope === 'local' ? { only: principal.sessionId } : scope === 'others' ? { except: principal.sessionId } : {},
      ),
    );
    return reply.status(204).send();
  });

  app.get('/user', { schema: hide }, async (request) => userJson((await caller(app, request)).user));

  app.get('/settings', { schema: hide }, async () => ({
    external: {
      anonymous_users: false,
      email: true,
      phone: false,
      google: app.idTokens !== null,
    },
    disable_signup: true,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  // A Stockwise account belongs to a company and has a user name: it is made by the spec's
  // registration (POST /api/auth/company-with-admin) or an invitation, never by an email alone.
  app.post('/signup', { schema: { ...hide, querystring: S.RedirectQuery, body: S.SignupBody } }, async () => {
    throw goTrue(422, 'signup_disabled', 'Signups not allowed for this instance');
  });

  // The link mailed is the product's own reset page (the spec's reset flow), not a GoTrue verify link.
  app.post('/recover', { schema: { ...hide, querystring: S.RedirectQuery, body: S.RecoverBody } }, async (request) => {
    const email = request.body.email ?? '';
    if (email === '') throw goTrue(400, 'validation_failed', 'Password recovery requires an email');
    if (!S.EMAIL_FORMAT.test(email))
      throw goTrue(400, 'validation_failed', 'Unable to validate email address: invalid format');
    await requestPasswordReset(app, email, request.ip, request.log);
    return {};
  });

  // One-time codes, reauthentication and PUT /user (one-time-codes.ts).
  await app.register(oneTimeCodeRoutes);
  // Multi-factor: enrol, challenge, verify, remove (factors.ts).
  await app.register(factorRoutes);
  // Google by redirect, the PKCE and ID-token grants, identities, SSO (external.ts).
  await app.register(externalRoutes);

  app.setNotFoundHandler((request, reply) => sendGoTrueError(request, reply, goTrue(404, 'unknown', 'Not Found')));
};
