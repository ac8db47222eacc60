import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { inTenant } from '../../db/tenant.js';
import { ApiError, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { answers } from '../../lib/schemas.js';
import { deliver } from '../mail/index.js';
import { findByEmail, findByUserName } from './accounts.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { startSession } from './session.js';
import { accountKey, LoginThrottle, SIGN_IN_CODE_MINUTES, SignInCodes } from './throttle.js';
import { notVerified } from './verification.js';

const INVALID_CREDENTIALS = 'Invalid user name or password.';
const REFUSED = 'Too many failed sign-in attempts. Please wait an hour and try again, or reset your password.';
const REFUSED_WITH_CODE =
  'Too many failed sign-in attempts from here. If your password was right, we have mailed you a sign-in code: enter it with your password. Otherwise wait an hour and try again, or reset your password.';
/** The answer to every refused attempt, right password or not; with mail, the client asks for the code. */
export const SIGN_IN_REFUSED = 'SIGN_IN_REFUSED';

export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;
  const throttle = new LoginThrottle(db, {
    perAccount: config.loginFailuresPerAccount,
    perAccountAddress: config.loginFailuresPerAccountAddress,
    perAddress: config.loginFailuresPerIp,
  });

  const codes = new SignInCodes(db);
  // Without mail (production without SMTP) there is no code to offer: the refusal is the old one.
  const mailWorks = !config.production || config.smtpUrl !== null;
  const refusal = () =>
    mailWorks
      ? new ApiError(429, REFUSED_WITH_CODE, SIGN_IN_REFUSED, 'code')
      : new ApiError(429, REFUSED, 'TOO_MANY_REQUESTS');

  async function mailCode(account: string, to: string, log: FastifyBaseLogger) {
    const code = await codes.issue(account);
    if (!code) return;
    await deliver(
      app.mailer,
      {
        to,
        subject: 'Your Stockwise sign-in code',
        text: `Someone signed in to your Stockwise account with your password from a place that is refused after many failed sign-in attempts.\n\nIf it was you, enter this code with your password within ${SIGN_IN_CODE_MINUTES} minutes:\n\n${code}\n\nIf it was not you, your password is known to someone else: reset it now.`,
      },
      log,
      'sign-in code',
    );
  }

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'login',
        description:
          'A user name (or email) and password. An account whose email is not verified yet answers 403 EMAIL_NOT_VERIFIED with a verificationToken for POST /api/auth/resend-verification. After too many failures the answer is 429 SIGN_IN_REFUSED (wait an hour, or — the owner — the right password again with the code that mails to the account, in `code`).',
        body: S.LoginBody,
        response: answers(S.AuthResult),
      },
    },
    async (request, reply) => {
      const { userName, password, code } = request.body;
      // A user name never holds `@`, so a typed email can only mean an email.
      const entry = userName.includes('@') ? await findByEmail(db, userName) : await findByUserName(db, userName);
      const account = accountKey(entry, userName);
      const refused = await throttle.refused(account, request.ip);
      if (refused && !(await throttle.refusedAttemptAllowed(request.ip))) throw refusal();
      const found = entry ? await inTenant(db, entry.companyId, (q) => service.credentials(q, entry.userId)) : null;
      const ok = await verifyPassword(found?.hash ?? null, password);
      if (refused) {
        // Only the owner gets past a refusal: the right password and a code from their mailbox.
        if (!ok || !found?.info) throw refusal();
        if (!code || !(await codes.use(account, code))) {
          if (!code && mailWorks) await mailCode(account, found.info.email, request.log);
          throw refusal();
        }
      } else if (!ok || !found?.info) {
        await throttle.failed(account, request.ip);
        throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
      }
      await throttle.succeeded(account, request.ip);
      if (!found.verified) throw await notVerified(app, found.info);
      return startSession(app, reply, found.info);
    },
  );
};
