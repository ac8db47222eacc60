import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import { inTenant } from '../../db/tenant.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { PersonName } from '../../lib/schemas.js';
import {
  changePassword,
  credentials,
  key,
  loadUserInfo,
  mailAddressTaken,
  mailEmailChangeAsked,
  requireMail,
  updateProfile,
  type UserInfo,
} from '../auth/index.js';
import { caller, owesSecondFactor } from './caller.js';
import { mailCode, mailPasswordChanged } from './code-mails.js';
import * as S from './code-schemas.js';
import { issueCode, limitCodeMails, useNonce } from './codes.js';
import { goTrue } from './errors.js';
import { EMAIL_FORMAT } from './schemas.js';
import { goTrueUser, userJson } from './user.js';

const HOUR = 3600;

/** user_metadata keys a person may change here, and the profile field each one is. */
const NAMES = { first_name: 'firstName', last_name: 'lastName' } as const;

/**
 * The names a `data` object changes. Our user_metadata is the profile (goTrueUser): first_name
 * and last_name may be changed here; the others (user name, company, picture) are the product's
 * own flows, so they may be sent back unchanged — as a client that spreads user_metadata does —
 * but not changed, and nothing else is stored.
 */
function nameChanges(data: Record<string, unknown> | undefined, user: UserInfo) {
  const changes: { firstName?: string; lastName?: string } = {};
  if (!data) return changes;
  const current: Record<string, unknown> = goTrueUser(user, {
    createdAt: '',
    updatedAt: '',
    confirmedAt: null,
    factors: [],
    hasPassword: false,
    googleSubject: null,
  }).user_metadata;
  for (const [name, value] of Object.entries(data)) {
    if (name in NAMES) {
      if (typeof value !== 'string' || !Value.Check(PersonName, value))
        throw goTrue(400, 'validation_failed', `data.${name}: must be one line of 1 to 100 characters`);
      changes[NAMES[name as keyof typeof NAMES]] = value;
    } else if (!(name in current)) {
      throw goTrue(400, 'validation_failed', `data.${name}: not stored; only first_name and last_name can be changed`);
    } else if (current[name] !== value) {
      throw goTrue(400, 'validation_failed', `data.${name}: cannot be changed here; only first_name and last_name can`);
    }
  }
  return changes;
}

/**
 * PUT /auth/v1/user (supabase-js updateUser). Everything is checked before anything is written:
 * - password: needs the current password (`current_password`) or a fresh reauthentication nonce
 *   (`nonce`, from GET /reauthenticate); must meet the policy and differ from the old one. Every
 *   other session of the user ends, this one stays, and the account's address is told by mail.
 * - email: the new address gets a code (verified with /verify type email_change); the answer is
 *   the same whether or not another account has that address (that address is told instead).
 * - data: first_name and last_name (see nameChanges). phone: there is no phone provider.
 */
export const userUpdateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, tokens } = app;

  app.put('/user', { schema: { hide: true, body: S.UpdateUserBody } }, async (request) => {
    const { principal, user } = await caller(app, request);
    const b = request.body;
    if (b.phone) throw goTrue(400, 'phone_provider_disabled', 'Unsupported phone provider');
    if (b.email && !EMAIL_FORMAT.test(b.email))
      throw goTrue(400, 'validation_failed', 'Unable to validate email address: invalid format');
    const names = nameChanges(b.data, user);
    const newEmail = b.email && key(b.email) !== key(user.email) ? b.email.trim() : undefined;
    if (newEmail) {
      requireMail(app, 'Changing the email');
      // A code goes to an address the caller chose: the same hourly budget as any code mail.
      await limitCodeMails(db, newEmail, request.ip);
    }

    // GoTrue's rule: with a second factor on, the password and the address change only from an
    // aal2 session — the password alone must not be enough to take the account over.
    if (b.password !== undefined || newEmail) {
      if (await owesSecondFactor(app, principal))
        throw goTrue(
          401,
          'insufficient_aal',
          'AAL2 session is required to update email or password when MFA is enabled.',
        );
    }

    let newHash: string | null = null;
    if (b.password !== undefined) {
      checkPasswordPolicy(b.password, 'password');
      await enforceLimit(
        db,
        `password-change:user:${principal.userId}`,
        10,
        HOUR,
        'Too many password change attempts. Please try again later.',
      );
      const facts = await inTenant(db, principal.companyId, (q) => credentials(q, principal.userId));
      if (b.nonce) {
        if (!(await useNonce(db, tokens, principal.userId, b.nonce)))
          throw goTrue(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
      } else if (!b.current_password) {
        throw goTrue(400, 'current_password_required', 'Current password required when setting new password.');
      } else if (!(await verifyPassword(facts.hash, b.current_password))) {
        throw goTrue(400, 'current_password_invalid', 'Current password required when setting new password.');
      }
      if (await verifyPassword(facts.hash, b.password))
        throw goTrue(422, 'same_password', 'New password should be different from the old password.');
      newHash = await hashPassword(b.password);
    }

    const done = await inTenant(db, principal.companyId, async (q) => {
      if (newHash) await changePassword(q, principal.userId, principal.sessionId, newHash);
      const change =
        newEmail !== undefined || names.firstName !== undefined || names.lastName !== undefined
          ? await updateProfile(q, principal.userId, { ...names, email: newEmail }, () => undefined)
          : null;
      const code =
        change?.newEmail && !change.taken
          ? await issueCode(q, tokens, { ...principal, purpose: 'email-change', email: change.newEmail })
          : null;
      return { user: (await loadUserInfo(q, principal.userId))!, change, code };
    });

    if (newHash) {
      request.log.info({ userId: principal.userId }, 'password changed; other sessions ended');
      await mailPasswordChanged(app, request, done.user.email);
    }
    if (done.change?.newEmail) {
      if (done.code) {
        await mailCode(app, request, 'email-change', done.change.newEmail, done.code);
        // The account's address until the new one confirms: its owner hears of the change.
        await mailEmailChangeAsked(app, request, done.user.email, done.change.newEmail);
      } else await mailAddressTaken(app, request, done.change.newEmail, 'change');
    }
    return userJson(db, done.user);
  });
};
