import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inPublic, inTenant } from '../../db/tenant.js';
import { badRequest } from '../../lib/errors.js';
import { checkPasswordPolicy, hashPassword } from '../../lib/passwords.js';
import { enforceLimit, hit } from '../../lib/rate-limit.js';
import { answers, Message } from '../../lib/schemas.js';
import { deliver } from '../mail/index.js';
import { findByEmail, key } from './accounts.js';
import * as queries from './queries.js';
import * as S from './schemas.js';
import * as service from './service.js';
import { sha256 } from './service.js';
import { accountKey, clearAccountFailures } from './throttle.js';
import { requireMail } from './verification.js';

const HOUR = 3600;
const RESET_TTL_MINUTES = 60;
const RESET_SENT = 'If an account with that email exists, we have sent a link to reset the password.';
const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
const TOO_MANY = 'Too many password reset attempts. Please try again later.';

export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tag = { tags: ['auth'] };

  app.post(
    '/forgot-password',
    { schema: { ...tag, operationId: 'forgotPassword', body: S.ForgotPasswordBody, response: answers(Message) } },
    async (request) => {
      await requestPasswordReset(app, request.body.email, request.ip, request.log);
      return { message: RESET_SENT };
    },
  );

  /** Whether the link is usable, read without using it. */
  async function resetTokenValid(email: string, token: string) {
    const entry = await findByEmail(db, email);
    if (!entry) return null;
    const live = await inTenant(db, entry.companyId, (q) => service.resetTokenLive(q, entry.userId, token));
    return live ? entry : null;
  }

  async function limitResetAttempts(ip: string, email: string) {
    await enforceLimit(db, `reset:ip:${ip}`, 30, HOUR, TOO_MANY);
    await enforceLimit(db, `reset:email:${key(email)}`, 10, HOUR, TOO_MANY);
  }

  app.post(
    '/validate-reset-token',
    {
      schema: {
        ...tag,
        operationId: 'validateResetToken',
        body: S.ValidateResetTokenBody,
        response: answers(S.ValidateResetTokenResult),
      },
    },
    async (request) => {
      await limitResetAttempts(request.ip, request.body.email);
      if (!(await resetTokenValid(request.body.email, request.body.token)))
        throw badRequest(RESET_INVALID, 'token', 'RESET_TOKEN_INVALID');
      return { valid: true, message: 'The reset link is valid.' };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        ...tag,
        operationId: 'resetPassword',
        description: 'Cheap checks first: the passwords, the rate limits and the link, then the hashing.',
        body: S.ResetPasswordBody,
        response: answers(Message),
      },
    },
    async (request) => {
      const b = request.body;
      if (b.newPassword !== b.confirmPassword)
        throw badRequest('The passwords do not match.', 'confirmPassword', 'PASSWORD_MISMATCH');
      checkPasswordPolicy(b.newPassword, 'newPassword');
      await limitResetAttempts(request.ip, b.email);
      const entry = await resetTokenValid(b.email, b.token);
      if (!entry) throw badRequest(RESET_INVALID, 'token', 'RESET_TOKEN_INVALID');
      const newHash = await hashPassword(b.newPassword);
      const done = await inTenant(db, entry.companyId, (q) => service.resetPassword(q, entry.userId, b.token, newHash));
      if (!done) throw badRequest(RESET_INVALID, 'token', 'RESET_TOKEN_INVALID');
      await clearAccountFailures(db, accountKey(entry, b.email));
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );
};

/**
 * Mails a reset link when the address has an account, throttled; says nothing either way. The
 * spec's /api/auth/forgot-password and the auth service's /auth/v1/recover both ask through it.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string, ip: string, log: FastifyBaseLogger) {
  const { db, config } = app;
  requireMail(app, 'Password reset');
  await enforceLimit(db, `forgot:ip:${ip}`, 20, HOUR, 'Too many password reset requests. Please try again later.');
  const entry = await findByEmail(db, email);
  // Same answer whether or not the account exists; at most 5 mails an hour per address.
  if (entry && (await inPublic(db, (q) => hit(q, `forgot:email:${key(email)}`, 5, HOUR)))) {
    const token = randomBytes(32).toString('base64url');
    const to = await inTenant(db, entry.companyId, async (q) => {
      // One live link per account: a link mailed earlier (perhaps read by someone else) stops working.
      await queries.closeResetTokens(q, entry.userId);
      await queries.insertResetToken(q, {
        companyId: entry.companyId,
        userId: entry.userId,
        hash: sha256(token),
        minutes: RESET_TTL_MINUTES,
      });
      return (await queries.emailOf(q, entry.userId))!.email;
    });
    const link = `${config.publicUrl}/reset-password?email=${encodeURIComponent(to)}&token=${token}`;
    await deliver(
      app.mailer,
      {
        to,
        subject: 'Reset your Stockwise password',
        text: `Someone asked to reset the password of your Stockwise account.\n\nOpen this link within ${RESET_TTL_MINUTES} minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this email.`,
      },
      log,
      'password reset',
    );
  }
}
