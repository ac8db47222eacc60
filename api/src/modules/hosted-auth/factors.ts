import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { inTenant } from '../../db/tenant.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { raiseToAal2, type Principal, type SecondFactorMethod, type UserInfo } from '../auth/index.js';
import { OutboxMailer } from '../mail/index.js';
import {
  acceptTotpStep,
  CHALLENGE_SECONDS,
  countFactors,
  deleteFactor,
  dropRecoveryCodes,
  dropStaleUnverifiedFactors,
  factorNameTaken,
  findChallenge,
  findFactor,
  insertChallenge,
  insertFactor,
  markChallengeVerified,
  markFactorVerified,
  MAX_FACTORS,
  newTotp,
  RECOVERY_CODE,
  sessionAal,
  totpStep,
  useRecoveryCode,
  verifiedPhoneFactorExists,
  type FactorRow,
} from '../mfa/index.js';
import { caller } from './caller.js';
import { goTrue } from './errors.js';
import { goTrueSession, userDates } from './user.js';

// GoTrue's factor endpoints (supabase/auth internal/api/mfa.go) for supabase-js's auth.mfa.*:
// enrol, challenge, verify (which raises the session to aal2 and answers a new session), unenrol.
// One addition of ours: a verified factor's verify also takes a one-time recovery code in place of
// its code (docs/decisions.md), so supabase-js's mfa.challengeAndVerify works with either.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** GoTrue's phone check: digits only once spaces, dashes, brackets and the plus are gone (E.164). */
const E164 = /^[1-9][0-9]{1,14}$/;
/** Unverified factors older than this are dropped (GoTrue's MFA_FACTOR_EXPIRY_DURATION). */
const UNVERIFIED_FACTOR_SECONDS = 300;
const PHONE_CODE_PURPOSE = 'phone factor code';

const Params = Type.Object({ factorId: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
const EnrollBody = Type.Object(
  {
    friendly_name: Type.Optional(Type.String({ maxLength: 256 })),
    factor_type: Type.String({ maxLength: 16 }),
    // Written into the otpauth:// URI and its QR code: one line of whole characters (a lone
    // surrogate cannot be URI-encoded), short enough for the code to hold it beside the address.
    issuer: Type.Optional(
      Type.String({ maxLength: 64, pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]*$' }),
    ),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
// supabase-js sends its own parameters as the body (factorId beside channel).
const ChallengeBody = Type.Object(
  { factorId: Type.Optional(Type.String({ maxLength: 64 })), channel: Type.Optional(Type.String({ maxLength: 16 })) },
  { additionalProperties: false },
);
const VerifyBody = Type.Object(
  { challenge_id: Type.String({ maxLength: 64 }), code: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);

export const factorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;
  const hide = { hide: true };
  const phoneOff = () => config.production;

  app.post('/factors', { schema: { ...hide, body: EnrollBody } }, async (request) => {
    const { principal, user } = await caller(app, request);
    const b = request.body;
    const name = b.friendly_name ?? '';
    if (b.factor_type === 'webauthn')
      throw goTrue(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (b.factor_type !== 'totp' && b.factor_type !== 'phone')
      throw goTrue(400, 'validation_failed', 'factor_type needs to be totp or phone');
    const factorType = b.factor_type;
    // Phone codes go to the development outbox; a production server has no SMS provider to send them.
    if (b.factor_type === 'phone' && phoneOff())
      throw goTrue(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    const phone = b.factor_type === 'phone' ? phoneNumber(b.phone) : null;
    const totp = b.factor_type === 'totp' ? await newTotp(b.issuer || issuerOf(config.publicUrl), user.email) : null;
    const id = randomUUID();
    await inTenant(db, user.companyId, async (q) => {
      await dropStaleUnverifiedFactors(q, user.id, UNVERIFIED_FACTOR_SECONDS, phone);
      await checkNewFactor(q, principal, name, phone);
      await insertFactor(q, {
        companyId: user.companyId,
        id,
        userId: user.id,
        factorType,
        friendlyName: name,
        secret: totp ? app.tokens.seal(totp.secret, id) : null,
        phone,
      });
    });
    if (totp)
      return {
        id,
        type: 'totp',
        friendly_name: name,
        totp: { qr_code: totp.qrSvg, secret: totp.secret, uri: totp.uri },
      };
    return { id, type: 'phone', friendly_name: name, phone: b.phone };
  });

  app.post(
    '/factors/:factorId/challenge',
    { schema: { ...hide, params: Params, body: Type.Optional(ChallengeBody) } },
    async (request) => {
      const { user } = await caller(app, request);
      const factorId = factorIdOf(request.params.factorId);
      await enforceLimit(
        db,
        `mfa-challenge:user:${user.id}`,
        30,
        300,
        'Too many MFA challenges. Please try again later.',
      );
      const channel = request.body?.channel || 'sms';
      const challengeId = randomUUID();
      let code: string | null = null;
      const factor = await inTenant(db, user.companyId, async (q) => {
        const f = await ownFactor(q, user.id, factorId);
        let codeHash: string | null = null;
        if (f.factorType === 'phone') {
          if (phoneOff()) throw goTrue(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
          if (channel !== 'sms' && channel !== 'whatsapp')
            throw goTrue(400, 'validation_failed', "Invalid channel, supported values are 'sms' or 'whatsapp'");
          const resend = config.mfaPhoneMaxFrequencySeconds;
          if (f.sinceChallenge !== null && f.sinceChallenge < resend)
            throw goTrue(
              429,
              'over_sms_send_rate_limit',
              `For security purposes, you can only request this after ${Math.ceil(resend - f.sinceChallenge)} seconds.`,
            );
          code = String(randomInt(1_000_000)).padStart(6, '0');
          codeHash = app.tokens.digest(PHONE_CODE_PURPOSE, code);
        }
        await insertChallenge(q, {
          companyId: user.companyId,
          id: challengeId,
          factorId: f.id,
          ip: request.ip,
          codeHash,
        });
        return f;
      });
      if (code !== null) await sendPhoneCode(app, factor.phone!, code);
      return {
        id: challengeId,
        type: factor.factorType,
        expires_at: Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS,
      };
    },
  );

  app.post('/factors/:factorId/verify', { schema: { ...hide, params: Params, body: VerifyBody } }, async (request) => {
    const { principal, user } = await caller(app, request);
    const factorId = factorIdOf(request.params.factorId);
    const { challenge_id: challengeId, code } = request.body;
    if (code === '') throw goTrue(400, 'validation_failed', 'Code needs to be non-empty');
    if (!UUID.test(challengeId)) throw goTrue(400, 'validation_failed', 'challenge_id must be an UUID');
    // A 6-digit code is one of a million: the tries per user are few.
    await enforceLimit(
      db,
      `mfa-verify:user:${user.id}`,
      30,
      900,
      'Too many MFA verification attempts. Please try again later.',
    );
    const session = await inTenant(db, user.companyId, async (q) => {
      const f = await ownFactor(q, user.id, factorId);
      const challenge = await findChallenge(q, f.id, challengeId);
      if (!challenge) throw goTrue(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (challenge.verified || challenge.ip !== (request.ip ?? '').slice(0, 64))
        throw goTrue(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      if (challenge.expired)
        throw goTrue(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
        );
      if (f.factorType === 'phone' && phoneOff())
        throw goTrue(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
      const method = await proveFactor(app, q, user, f, challenge.codeHash, code);
      await markChallengeVerified(q, challengeId);
      // As GoTrue: the other half-done enrolments of this type go.
      if (f.status === 'unverified')
        await markFactorVerified(q, { id: f.id, userId: user.id, factorType: f.factorType });
      const raised = await raiseToAal2(q, app.tokens, user, principal.sessionId, method, config.accessTokenTtlSeconds);
      if (!raised) throw goTrue(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      return { ...raised, dates: await userDates(q, user.id) };
    });
    request.log.info({ userId: user.id, factorId }, 'second factor verified; session at aal2');
    return goTrueSession(user, session.dates, { ...session, refreshToken: session.refreshToken! });
  });

  app.delete('/factors/:factorId', { schema: { ...hide, params: Params } }, async (request) => {
    const { principal, user } = await caller(app, request);
    const factorId = factorIdOf(request.params.factorId);
    await inTenant(db, user.companyId, async (q) => {
      const f = await ownFactor(q, user.id, factorId);
      if (f.status === 'verified' && (await sessionAal(q, principal.sessionId)) !== 'aal2')
        throw goTrue(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
      await deleteFactor(q, f.id);
      // Recovery codes stand in for a factor: with none left they would be a way around nothing.
      if ((await countFactors(q, user.id)).verified === 0) await dropRecoveryCodes(q, user.id);
    });
    return { id: factorId };
  });

  /** GoTrue's checks before a new factor: a distinct name, at most ten, aal2 once one is verified. */
  async function checkNewFactor(q: Queryable, principal: Principal, name: string, phone: string | null) {
    if (await factorNameTaken(q, principal.userId, name))
      throw goTrue(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
      );
    if (phone !== null && (await verifiedPhoneFactorExists(q, principal.userId, phone)))
      throw goTrue(
        422,
        'mfa_verified_factor_exists',
        'A verified phone factor already exists, unenroll the existing factor to continue',
      );
    const counts = await countFactors(q, principal.userId);
    if (counts.all >= MAX_FACTORS)
      throw goTrue(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    if (counts.verified > 0 && (await sessionAal(q, principal.sessionId)) !== 'aal2')
      throw goTrue(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
};

/** The factor id of the path, GoTrue's way: 404 when it is not a UUID. */
function factorIdOf(raw: string): string {
  if (!UUID.test(raw)) throw goTrue(404, 'validation_failed', 'factor_id must be an UUID');
  return raw.toLowerCase();
}

async function ownFactor(q: Queryable, userId: string, factorId: string): Promise<FactorRow> {
  const f = await findFactor(q, userId, factorId);
  if (!f) throw goTrue(404, 'mfa_factor_not_found', 'Factor not found');
  return f;
}

/**
 * Checks the code against the factor and answers the amr method it proves; GoTrue's 422 when it
 * does not. A TOTP code is accepted once: its time step must be later than the last one used.
 */
async function proveFactor(
  app: FastifyInstance,
  q: Queryable,
  user: UserInfo,
  f: FactorRow,
  codeHash: string | null,
  code: string,
): Promise<SecondFactorMethod> {
  // A recovery code (never all digits) stands in for the code of a verified factor.
  if (f.status === 'verified' && RECOVERY_CODE.test(code) && !/^\d+$/.test(code)) {
    if (await useRecoveryCode(q, app.tokens, user.id, code)) return 'mfa/recovery_code';
    throw goTrue(422, 'mfa_verification_failed', 'Invalid recovery code entered');
  }
  if (f.factorType === 'phone') {
    const given = Buffer.from(app.tokens.digest(PHONE_CODE_PURPOSE, code));
    const expected = Buffer.from(codeHash ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw goTrue(422, 'mfa_verification_failed', 'Invalid MFA Phone code entered');
    return 'mfa/phone';
  }
  const step = totpStep(app.tokens.open(f.secret!, f.id), code);
  const accepted = step !== null && (await acceptTotpStep(q, f.id, step));
  if (!accepted) throw goTrue(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  return 'totp';
}

/** A phone number as GoTrue keeps it: digits only (E.164 without the plus). */
function phoneNumber(raw: string | undefined): string {
  if (!raw) throw goTrue(400, 'validation_failed', 'Phone number required to enroll Phone factor');
  const digits = raw.replace(/[\s\-()+]/g, '');
  if (!E164.test(digits)) throw goTrue(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  return digits;
}

/** The issuer an authenticator app lists the account under by default: the site's host, as GoTrue. */
function issuerOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).host || 'Stockwise';
  } catch {
    return 'Stockwise';
  }
}

/**
 * The phone code's text message. There is no SMS provider: in development it lands in the mail
 * outbox (GET /api/dev/outbox), addressed to the number; production refuses phone factors before
 * this is reached.
 */
async function sendPhoneCode(app: FastifyInstance, phone: string, code: string) {
  await new OutboxMailer(app.db, app.log).send({
    to: `+${phone}`,
    subject: 'Stockwise verification code',
    text: `Your code is ${code}`,
  });
}
