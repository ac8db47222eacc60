import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { ApiError, badRequest, conflict, serviceUnavailable } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { answers, Message } from '../../lib/schemas.js';
import { deliver } from '../mail/index.js';
import { key } from './accounts.js';
import * as S from './schemas.js';

const HOUR = 3600;
export const VERIFICATION_TTL_HOURS = 24;
/** How long the login answer's verificationToken may ask for a new link. */
const RESEND_TOKEN_SECONDS = 3600;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const LINK_INVALID = 'This verification link is invalid or has expired. Sign in to get a new one.';

export const MAIL_NOT_CONFIGURED = 'MAIL_NOT_CONFIGURED';

/** Mail is a real service in production (SMTP_URL); without it, what needs a mailed link is off. */
export function requireMail(app: FastifyInstance, what: string): void {
  if (app.config.production && !app.config.smtpUrl) {
    throw serviceUnavailable(`${what} is not available: mail is not configured on this server.`, MAIL_NOT_CONFIGURED);
  }
}

/**
 * A verification link for `email` (the account's, or a new one waiting in pending_email), inside
 * the company's transaction. The token names its user so the unauthenticated check can find the
 * company through the directory; only its hash is stored.
 */
export async function issueVerification(
  q: Queryable,
  user: { companyId: string; userId: string },
  email: string,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await q.query(
    `INSERT INTO email_verification_tokens (company_id, user_id, email, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [user.companyId, user.userId, email.trim(), sha256(secret), VERIFICATION_TTL_HOURS],
  );
  return `${user.userId}.${secret}`;
}

export async function sendVerification(
  app: FastifyInstance,
  request: FastifyRequest,
  to: string,
  token: string,
  change: boolean,
): Promise<void> {
  const link = `${app.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deliver(
    app.mailer,
    {
      to,
      subject: change ? 'Confirm your new Stockwise email address' : 'Verify your Stockwise email address',
      text: change
        ? `Someone asked to change the email of a Stockwise account to this address.\n\nOpen this link within ${VERIFICATION_TTL_HOURS} hours to confirm it:\n${link}\n\nIf it was not you, ignore this email: nothing changes.`
        : `Welcome to Stockwise. Open this link within ${VERIFICATION_TTL_HOURS} hours to verify your email address and activate your account:\n${link}\n\nIf you did not register, ignore this email.`,
    },
    request.log,
    'verification',
  );
}

export const verificationPending = (email: string) => ({
  message: `We have sent a verification link to ${email}. Open it to activate your account, then sign in.`,
  verificationRequired: true as const,
  email,
});

/** The login refusal for a right password on an unverified account (spec §3: message + verificationToken). */
export async function notVerified(app: FastifyInstance, user: { id: string; companyId: string }): Promise<ApiError> {
  const verificationToken = await app.tokens.signPurpose(
    'verification-resend',
    { userId: user.id, companyId: user.companyId },
    RESEND_TOKEN_SECONDS,
  );
  return new ApiError(
    403,
    'Please verify your email address before signing in. Open the link we sent you, or ask for a new one.',
    'EMAIL_NOT_VERIFIED',
    undefined,
    { verificationToken },
  );
}

export const verificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tag = { tags: ['auth'] };

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        ...tag,
        operationId: 'verifyEmail',
        description: 'Uses a mailed verification link: activates a new account, or applies a changed email.',
        body: S.VerifyEmailBody,
        response: answers(Message),
      },
    },
    async (request) => {
      await enforceLimit(db, `verify:ip:${request.ip}`, 30, HOUR, 'Too many attempts. Please try again later.');
      const [userId, secret] = request.body.token.split('.');
      const found = await inPublic(db, (q) =>
        q.query<{ companyId: string }>(`SELECT company_id AS "companyId" FROM user_directory WHERE user_id = $1`, [
          userId,
        ]),
      );
      const companyId = found[0]?.companyId;
      if (!companyId || !secret) throw badRequest(LINK_INVALID, 'token', 'VERIFICATION_INVALID');
      return inTenant(db, companyId, async (q) => {
        const [used] = await q.query<{ email: string }>(
          `UPDATE email_verification_tokens SET used_at = now()
            WHERE user_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING email`,
          [userId, sha256(secret)],
        );
        const [user] = await q.query<{ email: string; pending: string | null }>(
          `SELECT email, pending_email AS pending FROM users WHERE id = $1 FOR UPDATE`,
          [userId],
        );
        if (!used || !user) throw badRequest(LINK_INVALID, 'token', 'VERIFICATION_INVALID');
        if (key(used.email) === key(user.email)) {
          await q.query(`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1`, [
            userId,
          ]);
          return { message: 'Your email address is verified. You can now sign in.' };
        }
        if (user.pending && key(used.email) === key(user.pending)) {
          const taken = await q.query(`SELECT 1 FROM user_directory WHERE email_key = $1 AND user_id <> $2`, [
            key(user.pending),
            userId,
          ]);
          if (taken.length) throw conflict('An account with this email already exists.', 'email');
          await q.query(
            `UPDATE users SET email = pending_email, pending_email = NULL,
                    email_verified_at = now(), updated_at = now() WHERE id = $1`,
            [userId],
          );
          await q.query(`UPDATE user_directory SET email_key = $2 WHERE user_id = $1`, [userId, key(user.pending)]);
          return { message: `Your email address is now ${user.pending.trim()}.` };
        }
        // A link for an email change that was replaced by a later one.
        throw badRequest(LINK_INVALID, 'token', 'VERIFICATION_INVALID');
      });
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: {
        ...tag,
        operationId: 'resendVerification',
        description: 'A new verification link, with the verificationToken of a refused login (spec §3).',
        body: S.ResendVerificationBody,
        response: answers(Message),
      },
    },
    async (request) => {
      const who = await app.tokens.verifyPurpose('verification-resend', request.body.verificationToken);
      if (!who) {
        throw badRequest(
          'This request has expired. Sign in again to get a new verification link.',
          'verificationToken',
          'VERIFICATION_TOKEN_INVALID',
        );
      }
      requireMail(app, 'Email verification');
      await enforceLimit(
        db,
        `verify-resend:user:${who.userId}`,
        5,
        HOUR,
        'We have already sent several links. Please check your inbox, or try again in an hour.',
      );
      const sent = await inTenant(db, who.companyId, async (q) => {
        const [u] = await q.query<{ email: string; verified: boolean }>(
          `SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1`,
          [who.userId],
        );
        if (!u || u.verified) return null;
        return { to: u.email, token: await issueVerification(q, who, u.email) };
      });
      if (!sent) return { message: 'Your email address is already verified. You can sign in.' };
      await sendVerification(app, request, sent.to, sent.token, false);
      return { message: `We have sent a new verification link to ${sent.to}.` };
    },
  );
};
