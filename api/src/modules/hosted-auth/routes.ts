import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTenant } from '../../db/tenant.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import {
  changePassword as storeNewPassword,
  checkPassword,
  credentials,
  endSessions,
  loadUserInfo,
  signInGuard,
  requestPasswordReset,
  rotateRefreshToken,
  signInSession,
  type Principal,
  type UserInfo,
} from '../auth/index.js';
import { caller } from './caller.js';
import { goTrue, goTrueErrorHandler, sendGoTrueError } from './errors.js';
import { externalGrant, externalRoutes } from './external.js';
import * as S from './schemas.js';
import { goTrueUser, userDates } from './user.js';

const HOUR = 3600;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The spec's hosted authentication service, at /auth/v1: the GoTrue endpoints supabase-js's auth
 * client calls, over the same sessions as the spec's /api/auth calls (auth/sessions.ts). Hidden
 * from our OpenAPI document: the protocol is GoTrue's, and supabase-js is its client.
 */
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

  const userJson = async (user: UserInfo) =>
    goTrueUser(user, await inTenant(db, user.companyId, (q) => userDates(q, user.id)));

  async function tokenAnswer(user: UserInfo, s: { accessToken: string; refreshToken: string; expiresIn: number }) {
    return {
      access_token: s.accessToken,
      token_type: 'bearer',
      expires_in: s.expiresIn,
      expires_at: Math.floor(Date.now() / 1000) + s.expiresIn,
      refresh_token: s.refreshToken,
      user: await userJson(user),
    };
  }

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
      if (!EMAIL.test(body.email))
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

  app.put('/user', { schema: { ...hide, body: S.UpdateUserBody } }, async (request) => {
    const { principal, user } = await caller(app, request);
    const b = request.body;
    if ((b.email !== undefined && b.email !== user.email) || b.phone)
      throw goTrue(
        422,
        'feature_disabled',
        'The email is changed from the profile, where the new address is verified.',
      );
    if (b.data !== undefined && Object.keys(b.data).length > 0)
      throw goTrue(422, 'feature_disabled', 'The profile is changed from the profile page.');
    if (b.password !== undefined) await changePassword(app, request, principal, b.password, b.current_password);
    return userJson((await inTenant(db, user.companyId, (q) => loadUserInfo(q, user.id))) ?? user);
  });

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
    if (!EMAIL.test(email)) throw goTrue(400, 'validation_failed', 'Unable to validate email address: invalid format');
    await requestPasswordReset(app, email, request.ip, request.log);
    return {};
  });

  await app.register(externalRoutes);

  app.setNotFoundHandler((request, reply) => sendGoTrueError(request, reply, goTrue(404, 'unknown', 'Not Found')));
};

/**
 * A password change while signed in: the current password is required (throttled per user), the
 * new one must differ and meet the policy; every other session of the user ends, this one stays.
 */
async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  principal: Principal,
  password: string,
  current: string | undefined,
) {
  if (!current) throw goTrue(400, 'current_password_required', 'Current password required when setting new password.');
  checkPasswordPolicy(password, 'password');
  await enforceLimit(
    app.db,
    `password-change:user:${principal.userId}`,
    10,
    HOUR,
    'Too many password change attempts. Please try again later.',
  );
  const facts = await inTenant(app.db, principal.companyId, (q) => credentials(q, principal.userId));
  if (!(await verifyPassword(facts?.hash ?? null, current)))
    throw goTrue(400, 'current_password_invalid', 'Current password required when setting new password.');
  if (await verifyPassword(facts!.hash, password))
    throw goTrue(422, 'same_password', 'New password should be different from the old password.');
  const hash = await hashPassword(password);
  await inTenant(app.db, principal.companyId, (q) => storeNewPassword(q, principal.userId, principal.sessionId, hash));
  request.log.info({ userId: principal.userId }, 'password changed; other sessions ended');
}
