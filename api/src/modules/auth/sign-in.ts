import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTenant } from '../../db/tenant.js';
import { ApiError, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { answers } from '../../lib/schemas.js';
import { deliver } from '../mail/index.js';
import { findByEmail, findByUserName, type UserInfo } from './accounts.js';
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

/**
 * The sign-in throttle and the owner's way past it (a code mailed to the account), one per routes
 * plugin; their counters are in the database, shared by every replica.
 */
export interface SignInGuard {
  throttle: LoginThrottle;
  codes: SignInCodes;
  /** Without mail (production without SMTP) there is no code to offer: the refusal is the plain one. */
  mailWorks: boolean;
}

export const signInGuard = (app: FastifyInstance): SignInGuard => ({
  throttle: new LoginThrottle(app.db, {
    perAccount: app.config.loginFailuresPerAccount,
    perAccountAddress: app.config.loginFailuresPerAccountAddress,
    perAddress: app.config.loginFailuresPerIp,
  }),
  codes: new SignInCodes(app.db),
  mailWorks: !app.config.production || app.config.smtpUrl !== null,
});

const refusal = (guard: SignInGuard) =>
  guard.mailWorks
    ? new ApiError(429, REFUSED_WITH_CODE, SIGN_IN_REFUSED, 'code')
    : new ApiError(429, REFUSED, 'TOO_MANY_REQUESTS');

async function mailCode(app: FastifyInstance, guard: SignInGuard, account: string, to: string, log: FastifyBaseLogger) {
  const code = await guard.codes.issue(account);
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

export interface PasswordAttempt {
  userName: string;
  password: string;
  ip: string;
  log: FastifyBaseLogger;
  /** The code mailed after a refusal; only the spec's login offers it. */
  code?: string;
}

/**
 * A user name (or email) and password, throttled: the account, or 401 INVALID_CREDENTIALS (403
 * EMAIL_NOT_VERIFIED, 429 when refused). The spec's /api/auth/login and the auth service's password
 * grant (/auth/v1/token) both sign in through it, so neither is a way around the throttle.
 */
export async function checkPassword(app: FastifyInstance, guard: SignInGuard, a: PasswordAttempt): Promise<UserInfo> {
  const { db } = app;
  const { throttle, codes } = guard;
  // A user name never holds `@`, so a typed email can only mean an email.
  const entry = a.userName.includes('@') ? await findByEmail(db, a.userName) : await findByUserName(db, a.userName);
  const account = accountKey(entry, a.userName);
  const refused = await throttle.refused(account, a.ip);
  if (refused && !(await throttle.refusedAttemptAllowed(a.ip))) throw refusal(guard);
  const found = entry ? await inTenant(db, entry.companyId, (q) => service.credentials(q, entry.userId)) : null;
  const ok = await verifyPassword(found?.hash ?? null, a.password);
  if (refused) {
    // Only the owner gets past a refusal: the right password and a code from their mailbox.
    if (!ok || !found?.info) throw refusal(guard);
    if (!a.code || !(await codes.use(account, a.code))) {
      if (!a.code && guard.mailWorks) await mailCode(app, guard, account, found.info.email, a.log);
      throw refusal(guard);
    }
  } else if (!ok || !found?.info) {
    await throttle.failed(account, a.ip);
    throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  await throttle.succeeded(account, a.ip);
  if (!found.verified) throw await notVerified(app, found.info);
  return found.info;
}

export const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guard = signInGuard(app);

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
      const user = await checkPassword(app, guard, { userName, password, code, ip: request.ip, log: request.log });
      return startSession(app, reply, user);
    },
  );
};
