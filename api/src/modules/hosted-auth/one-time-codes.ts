import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bindCompany, inPublic, inTenant } from '../../db/tenant.js';
import {
  applyEmailChange,
  findByEmail,
  issueVerification,
  key,
  loadUserInfo,
  openSession,
  requireMail,
  sendVerification,
  type UserInfo,
} from '../auth/index.js';
import { deviceOf } from '../auth/index.js';
import { caller } from './caller.js';
import { mailCode } from './code-mails.js';
import { accountFacts, liveCodeFor, type CodePurpose } from './code-queries.js';
import * as S from './code-schemas.js';
import { codeRefused, issueCode, limitCodeMails, limitVerifications, tryCode } from './codes.js';
import { goTrue } from './errors.js';
import { EMAIL_FORMAT, RedirectQuery } from './schemas.js';
import { sessionAnswer } from './user.js';
import { userUpdateRoutes } from './user-update.js';

const hide = { hide: true };
const invalidEmail = () => goTrue(400, 'validation_failed', 'Unable to validate email address: invalid format');
const noPhone = () => goTrue(400, 'phone_provider_disabled', 'Unsupported phone provider');

/** Which mailed codes a /verify type accepts. recovery and invite: none is ever mailed (see docs). */
const PURPOSES: Record<string, CodePurpose[]> = {
  email: ['sign-in'],
  magiclink: ['sign-in'],
  signup: ['sign-in'],
  email_change: ['email-change'],
  recovery: [],
  invite: [],
};

type VerifyOutcome =
  | { ok: true; user: UserInfo; refreshToken: string; accessToken: string; expiresIn: number }
  | { ok: false; error: 'refused' | 'banned' | 'taken' };

/**
 * One-time codes of the auth service (GoTrue's /otp, /verify, /resend, /reauthenticate), mailed
 * through the mail adapter, and PUT /user (user-update.ts). An address without an account, or
 * with a deactivated or unverified one, gets the same answer as any other and no mail: the
 * service never says which addresses have accounts, and never creates one (create_user is read
 * and ignored — an account belongs to a company, made by the spec's registration).
 */
export const oneTimeCodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, tokens } = app;

  /** Mails a sign-in code when the address belongs to an active, verified account; says nothing either way. */
  async function sendSignInCode(request: Parameters<typeof deviceOf>[0], email: string) {
    const entry = await findByEmail(db, email);
    if (!entry) return;
    const sent = await inTenant(db, entry.companyId, async (q) => {
      const facts = await accountFacts(q, entry.userId);
      // An unverified account may have been registered by someone else with this address: its
      // mailbox's owner verifies it first (the link), then may sign in by code.
      if (!facts?.active || !facts.verified) return null;
      const code = await issueCode(q, tokens, { ...entry, purpose: 'sign-in', email: facts.email });
      return { to: facts.email, code };
    });
    if (sent) await mailCode(app, request, 'sign-in', sent.to, sent.code);
  }

  app.post('/otp', { schema: { ...hide, querystring: RedirectQuery, body: S.OtpBody } }, async (request) => {
    const b = request.body;
    if (b.email && b.phone)
      throw goTrue(400, 'validation_failed', 'Only an email address or phone number should be provided');
    if (b.email && b.channel) throw goTrue(400, 'validation_failed', 'Channel should only be specified with Phone OTP');
    if (b.phone) throw noPhone();
    if (!b.email) throw goTrue(400, 'validation_failed', 'One of email or phone must be set');
    if (!EMAIL_FORMAT.test(b.email)) throw invalidEmail();
    requireMail(app, 'Sign-in by code');
    await limitCodeMails(db, b.email, request.ip);
    await sendSignInCode(request, b.email);
    return {};
  });

  app.post('/verify', { schema: { ...hide, querystring: RedirectQuery, body: S.VerifyBody } }, async (request) => {
    const b = request.body;
    if (!b.type) throw goTrue(400, 'validation_failed', 'Verify requires a verification type');
    if ((!b.token && !b.token_hash) || (b.token && b.token_hash))
      throw goTrue(400, 'validation_failed', 'Verify requires either a token or a token hash');
    if (b.type === 'sms' || b.type === 'phone_change' || (b.phone && !b.email)) throw noPhone();
    const purposes = PURPOSES[b.type];
    if (b.token_hash) {
      if (b.email || b.phone || b.redirect_to)
        throw goTrue(400, 'validation_failed', 'Only the token_hash and type should be provided');
      if (!purposes) throw goTrue(400, 'validation_failed', 'Invalid email verification type');
      // Our mails carry codes, never links, so no token hash is ever live.
      throw goTrue(403, 'otp_expired', 'Email link is invalid or has expired');
    }
    if (!b.email || b.phone)
      throw goTrue(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
    if (!EMAIL_FORMAT.test(b.email)) throw goTrue(422, 'validation_failed', 'Invalid email format');
    if (!purposes) throw goTrue(400, 'validation_failed', 'Unsupported verification type');
    await limitVerifications(db, request.ip);
    const email = b.email;
    const token = b.token!;

    // One transaction: the code is found by its address (no company yet), tried, and — when right —
    // its effect and the new session are written under the company's row-level security. A wrong
    // try commits its count before the refusal is answered.
    const outcome = await inPublic(db, async (q): Promise<VerifyOutcome> => {
      const live = purposes.length > 0 ? await liveCodeFor(q, key(email), purposes) : null;
      if (!live || !(await tryCode(q, tokens, live, token))) return { ok: false, error: 'refused' };
      await bindCompany(q, live.companyId);
      const facts = await accountFacts(q, live.userId);
      if (!facts?.active) return { ok: false, error: 'banned' };
      if (purposes[0] === 'email-change') {
        const applied = await applyEmailChange(q, live.userId, email);
        if (applied !== 'changed') return { ok: false, error: applied === 'taken' ? 'taken' : 'refused' };
      }
      const user = (await loadUserInfo(q, live.userId))!;
      const session = await openSession(q, tokens, user, {
        amr: 'otp',
        device: deviceOf(request),
        refreshable: true,
        seconds: config.accessTokenTtlSeconds,
      });
      return { ok: true, user, ...session, refreshToken: session.refreshToken! };
    });
    if (!outcome.ok) {
      if (outcome.error === 'banned') throw goTrue(403, 'user_banned', 'User is banned');
      if (outcome.error === 'taken')
        throw goTrue(422, 'email_exists', 'A user with this email address has already been registered');
      throw codeRefused();
    }
    return sessionAnswer(db, outcome.user, outcome);
  });

  app.post('/resend', { schema: { ...hide, querystring: RedirectQuery, body: S.ResendBody } }, async (request) => {
    const b = request.body;
    const type = b.type ?? '';
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type))
      throw goTrue(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
    if (!b.email && type === 'signup')
      throw goTrue(400, 'validation_failed', 'Type provided requires an email address');
    if (b.email && b.phone)
      throw goTrue(400, 'validation_failed', 'Only an email address or phone number should be provided.');
    if (b.phone || type === 'sms' || type === 'phone_change')
      throw goTrue(400, 'phone_provider_disabled', 'Phone logins are disabled');
    if (!b.email) throw goTrue(400, 'validation_failed', 'Missing email address or phone number');
    if (!EMAIL_FORMAT.test(b.email)) throw invalidEmail();
    requireMail(app, 'Resending a confirmation');
    await limitCodeMails(db, b.email, request.ip);
    const entry = await findByEmail(db, b.email);
    if (!entry) return {};
    const send = await inTenant(db, entry.companyId, async (q) => {
      const facts = await accountFacts(q, entry.userId);
      if (!facts?.active) return null;
      // signup: the account's verification link again (the product's way to confirm an address).
      if (type === 'signup')
        return facts.verified ? null : { link: await issueVerification(q, entry, facts.email), to: facts.email };
      // email_change: a new code to the address waiting to become the account's.
      if (!facts.pending) return null;
      return {
        code: await issueCode(q, tokens, { ...entry, purpose: 'email-change', email: facts.pending }),
        to: facts.pending,
      };
    });
    if (send?.link) await sendVerification(app, request, send.to, send.link, false);
    if (send?.code) await mailCode(app, request, 'email-change', send.to, send.code);
    return {};
  });

  app.get('/reauthenticate', { schema: hide }, async (request) => {
    const { user } = await caller(app, request);
    const facts = await inTenant(db, user.companyId, (q) => accountFacts(q, user.id));
    if (!facts?.verified) throw goTrue(422, 'email_not_confirmed', 'Please verify your email first.');
    requireMail(app, 'Reauthentication');
    await limitCodeMails(db, facts.email, request.ip);
    const code = await inTenant(db, user.companyId, (q) =>
      issueCode(q, tokens, {
        companyId: user.companyId,
        userId: user.id,
        purpose: 'reauthentication',
        email: facts.email,
      }),
    );
    await mailCode(app, request, 'reauthentication', facts.email, code);
    return {};
  });

  await app.register(userUpdateRoutes);
};
