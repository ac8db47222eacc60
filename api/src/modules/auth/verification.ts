import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { ApiError, badRequest, serviceUnavailable } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { answers, Message } from '../../lib/schemas.js';
import { deliver } from '../mail/index.js';
import * as db from './queries.js';
import * as S from './schemas.js';
import { LINK_INVALID, sha256, verifyEmail } from './service.js';

const HOUR = 3600;
export const VERIFICATION_TTL_HOURS = 24;
/** How long the login answer's verificationToken may ask for a new link. */
const RESEND_TOKEN_SECONDS = 3600;
/** Tries an hour at one account's link: a few mistyped or repeated opens, never a search for its secret. */
const LINK_TRIES = 10;

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
  await db.insertVerificationToken(q, {
    companyId: user.companyId,
    userId: user.userId,
    email: email.trim(),
    hash: sha256(secret),
    hours: VERIFICATION_TTL_HOURS,
  });
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

/**
 * Tells the address an account has now that a change to another was asked for. Only the new
 * address confirms the change, so whoever holds a signed-in session (a token taken from a browser)
 * could move the account to a mailbox of theirs, and then reset its password from there; the
 * owner hears of it here, while their own sessions and password still work.
 */
export async function mailEmailChangeAsked(
  app: FastifyInstance,
  request: FastifyRequest,
  to: string,
  newEmail: string,
): Promise<void> {
  const { publicUrl } = app.config;
  await deliver(
    app.mailer,
    {
      to,
      subject: 'A change of your Stockwise email address was asked for',
      text: `Someone signed in to your Stockwise account asked to change its email address to ${newEmail}. It changes once that address confirms it.

If it was not you, change your password now (${publicUrl}/profile): that signs out every other device, and the change can no longer be confirmed by whoever asked. Then tell your company's owner.`,
    },
    request.log,
    'email change asked',
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
  const tag = { tags: ['auth'] };

  app.post(
    '/verify-email',
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
      const [userId, secret] = request.body.token.split('.');
      const companyId = await inPublic(app.db, (q) => db.companyOfUser(q, userId!));
      // A link naming a real account is counted per account: how many such accounts one address
      // makes is already bounded (registrations per address, an invitee by the invitation), and
      // colleagues opening their links from one office network must not share one budget. A token
      // naming no account is a guess, counted against the address with the registration budget.
      await enforceLimit(
        app.db,
        companyId ? `verify:user:${userId}` : `verify:ip:${request.ip}`,
        companyId ? LINK_TRIES : app.config.registrationsPerAddress,
        HOUR,
        'Too many attempts. Please try again later.',
      );
      if (!companyId || !secret) throw badRequest(LINK_INVALID, 'token', 'VERIFICATION_INVALID');
      return inTenant(app.db, companyId, (q) => verifyEmail(q, userId!, secret));
    },
  );

  app.post(
    '/resend-verification',
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
        app.db,
        `verify-resend:user:${who.userId}`,
        5,
        HOUR,
        'We have already sent several links. Please check your inbox, or try again in an hour.',
      );
      const sent = await inTenant(app.db, who.companyId, async (q) => {
        const u = await db.emailOf(q, who.userId);
        if (!u || u.verified) return null;
        return { to: u.email, token: await issueVerification(q, who, u.email) };
      });
      if (!sent) return { message: 'Your email address is already verified. You can sign in.' };
      await sendVerification(app, request, sent.to, sent.token, false);
      return { message: `We have sent a new verification link to ${sent.to}.` };
    },
  );
};
