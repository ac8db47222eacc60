import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTenant } from '../../db/tenant.js';
import { unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { answers } from '../../lib/schemas.js';
import { findByEmail, findByUserName } from './accounts.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { startSession } from './session.js';
import { accountKey, LoginThrottle } from './throttle.js';
import { notVerified } from './verification.js';

const INVALID_CREDENTIALS = 'Invalid user name or password.';

export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;
  const throttle = new LoginThrottle(db, {
    perAccount: config.loginFailuresPerAccount,
    perAccountAddress: config.loginFailuresPerAccountAddress,
    perAddress: config.loginFailuresPerIp,
  });

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
      // A user name never holds `@`, so a typed email can only mean an email.
      const entry = userName.includes('@') ? await findByEmail(db, userName) : await findByUserName(db, userName);
      const account = accountKey(entry, userName);
      await throttle.check(account, request.ip);
      const found = entry ? await inTenant(db, entry.companyId, (q) => service.credentials(q, entry.userId)) : null;
      const ok = await verifyPassword(found?.hash ?? null, password);
      if (!ok || !found?.info) {
        await throttle.failed(account, request.ip);
        throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
      }
      await throttle.succeeded(account, request.ip);
      if (!found.verified) throw await notVerified(app, found.info);
      return startSession(app, reply, found.info);
    },
  );
};
