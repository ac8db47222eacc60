import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTenant } from '../../db/tenant.js';
import { unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { answers } from '../../lib/schemas.js';
import { findByEmail, findByUserName, type UserInfo } from './accounts.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { startSession } from './session.js';
import { accountKey, LoginThrottle } from './throttle.js';
import { notVerified } from './verification.js';

const INVALID_CREDENTIALS = 'Invalid user name or password.';

/** The sign-in throttle, one per routes plugin (its counters are in the database, shared by all). */
export const loginThrottle = (app: FastifyInstance) =>
  new LoginThrottle(app.db, {
    perAccount: app.config.loginFailuresPerAccount,
    perAccountAddress: app.config.loginFailuresPerAccountAddress,
    perAddress: app.config.loginFailuresPerIp,
  });

/**
 * A user name (or email) and password, throttled: the account, or 401 INVALID_CREDENTIALS (403
 * EMAIL_NOT_VERIFIED, 429). The spec's /api/auth/login and the auth service's password grant
 * (/auth/v1/token) both sign in through it.
 */
export async function checkPassword(
  app: FastifyInstance,
  throttle: LoginThrottle,
  userName: string,
  password: string,
  ip: string,
): Promise<UserInfo> {
  const { db } = app;
  // A user name never holds `@`, so a typed email can only mean an email.
  const entry = userName.includes('@') ? await findByEmail(db, userName) : await findByUserName(db, userName);
  const account = accountKey(entry, userName);
  await throttle.check(account, ip);
  const found = entry ? await inTenant(db, entry.companyId, (q) => service.credentials(q, entry.userId)) : null;
  const ok = await verifyPassword(found?.hash ?? null, password);
  if (!ok || !found?.info) {
    await throttle.failed(account, ip);
    throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  await throttle.succeeded(account, ip);
  if (!found.verified) throw await notVerified(app, found.info);
  return found.info;
}

export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const throttle = loginThrottle(app);

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        description:
          'A user name (or email) and password. An account whose email is not verified yet answers 403 EMAIL_NOT_VERIFIED with a verificationToken for POST /api/auth/resend-verification.',
        body: S.LoginBody,
        response: answers(S.AuthResult),
      },
    },
    async (request, reply) => {
      const { userName, password } = request.body;
      return startSession(app, reply, await checkPassword(app, throttle, userName, password, request.ip));
    },
  );
};
