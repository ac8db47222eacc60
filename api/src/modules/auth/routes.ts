import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inPublic, inTenant } from '../../db/tenant.js';
import { ApiError, badRequest, notFound, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { clearEvents, countEvents, hit, recordEvent } from '../../lib/rate-limit.js';
import { answers, IdParams, Message } from '../../lib/schemas.js';
import { acceptInvitation, describeInvitation, REFUSALS } from '../invitations/service.js';
import type { VerifiedIdentity } from '../oidc/verify.js';
import {
  createCompanyWithOwner,
  findByEmail,
  findByUserName,
  freeUserName,
  key,
  loadUserInfo,
  type UserInfo,
} from './accounts.js';
import * as S from './schemas.js';

const HOUR = 3600;
const RESET_TTL_MINUTES = 60;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const INVALID_CREDENTIALS = 'Invalid user name or password.';
const RESET_SENT = 'If an account with that email exists, we have sent a link to reset the password.';
const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;
  const tag = { tags: ['auth'] };
  const bearer = { security: [{ bearer: [] }] };

  async function issue(user: UserInfo) {
    const token = await app.tokens.sign({
      userId: user.id,
      companyId: user.companyId,
      userName: user.userName,
      roles: user.roles,
    });
    return { token, user };
  }

  async function verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
    try {
      return await app.idTokens.verify(idToken);
    } catch {
      throw unauthorized('Google sign-in failed: the ID token is not valid or has expired.', 'INVALID_ID_TOKEN');
    }
  }

  // ── which third-party sign-in the browser should offer (public, identifiers only) ─────────
  app.get(
    '/api/auth/providers',
    {
      schema: {
        ...tag,
        operationId: 'authProviders',
        description:
          'Google’s client id when GOOGLE_CLIENT_ID is configured, else the embedded OpenID provider (issuer PUBLIC_URL/oidc).',
        response: answers(S.AuthProviders),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { mode, issuer, clientId } = app.idTokens;
      return mode === 'google' ? { google: { clientId }, oidc: null } : { google: null, oidc: { issuer, clientId } };
    },
  );

  // ── sign-in ──────────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/auth/login',
    { schema: { ...tag, operationId: 'login', body: S.LoginBody, response: answers(S.AuthResult) } },
    async (request) => {
      const { userName, password } = request.body;
      const accountKey = `login:account:${key(userName)}`;
      const ipKey = `login:ip:${request.ip}`;
      const [accountFailures, ipFailures] = await inPublic(db, async (q) => [
        await countEvents(q, accountKey, HOUR),
        await countEvents(q, ipKey, HOUR),
      ]);
      if (accountFailures >= config.loginFailuresPerAccount || ipFailures >= config.loginFailuresPerIp) {
        throw tooManyRequests(
          'Too many failed sign-in attempts. Please wait an hour and try again, or reset your password.',
        );
      }
      const entry =
        (await findByUserName(db, userName)) ?? (userName.includes('@') ? await findByEmail(db, userName) : null);
      const found = entry
        ? await inTenant(db, entry.companyId, async (q) => {
            const [row] = await q.query<{ hash: string | null }>(
              `SELECT password_hash AS hash FROM users WHERE id = $1`,
              [entry.userId],
            );
            return { hash: row?.hash ?? null, info: await loadUserInfo(q, entry.userId) };
          })
        : null;
      const ok = await verifyPassword(found?.hash ?? null, password);
      if (!ok || !found?.info) {
        await inPublic(db, async (q) => {
          await recordEvent(q, accountKey, HOUR);
          await recordEvent(q, ipKey, HOUR);
        });
        throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
      }
      await inPublic(db, (q) => clearEvents(q, accountKey));
      return issue(found.info);
    },
  );

  // ── registration ─────────────────────────────────────────────────────────────────────────
  async function registrationAllowed(ip: string) {
    const ok = await inPublic(db, (q) => hit(q, `register:ip:${ip}`, 30, HOUR));
    if (!ok) throw tooManyRequests('Too many registrations from this address. Please try again later.');
  }

  app.post(
    '/api/auth/register',
    { schema: { ...tag, operationId: 'register', body: S.RegisterBody, response: answers(S.AuthResult) } },
    async (request) => {
      const b = request.body;
      checkPasswordPolicy(b.password);
      await registrationAllowed(request.ip);
      const { user } = await createCompanyWithOwner(
        db,
        { companyName: `${b.firstName} ${b.lastName}`.trim() },
        {
          userName: b.userName,
          email: b.email,
          firstName: b.firstName,
          lastName: b.lastName,
          passwordHash: await hashPassword(b.password),
        },
      );
      return issue(user);
    },
  );

  app.post(
    '/api/auth/company-with-admin',
    {
      schema: {
        ...tag,
        operationId: 'registerCompanyWithAdmin',
        body: S.CompanyWithAdminBody,
        response: answers(S.CompanyWithAdminResult),
      },
    },
    async (request) => {
      const b = request.body;
      let passwordHash: string | null = null;
      let identity: VerifiedIdentity | null = null;
      if (b.withGoogle) {
        if (b.idToken) {
          identity = await verifyIdToken(b.idToken);
          if (key(identity.email) !== key(b.email)) {
            throw badRequest('The Google account’s email does not match the email given.', 'email', 'EMAIL_MISMATCH');
          }
        }
      } else {
        if (!b.password)
          throw badRequest('password: is required unless withGoogle is true', 'password', 'VALIDATION_ERROR');
        checkPasswordPolicy(b.password);
        passwordHash = await hashPassword(b.password);
      }
      await registrationAllowed(request.ip);
      const { companyId, user } = await createCompanyWithOwner(
        db,
        { companyName: b.companyName, industry: b.industry ?? null, phone: b.phone ?? null },
        {
          userName: b.userName,
          email: b.email,
          firstName: b.firstName,
          lastName: b.lastName,
          passwordHash,
          googleSubject: identity?.subject ?? null,
        },
      );
      if (b.withGoogle && !identity) {
        return { message: 'Your company has been created. Sign in with Google to continue.', companyId };
      }
      return { message: 'Your company has been created.', companyId, ...(await issue(user)) };
    },
  );

  // ── invitations (public side) ────────────────────────────────────────────────────────────
  app.get(
    '/api/auth/validate-invitation/:invitationId',
    {
      schema: {
        ...tag,
        operationId: 'validateInvitation',
        params: Type.Object({ invitationId: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
        response: answers(S.ValidateInvitationResult),
      },
    },
    async (request) => {
      const id = request.params.invitationId;
      const found = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
        ? await describeInvitation(db, id)
        : null;
      if (!found) return { valid: false, message: 'This invitation does not exist.' };
      const { invitation: inv, companyName } = found;
      if (inv.status !== 'pending') return { valid: false, message: REFUSALS[inv.status][1] };
      return {
        valid: true,
        message: `You are invited to join ${companyName}.`,
        email: inv.email,
        companyName,
        roles: inv.roles,
        expiresAt: inv.expiresAt,
      };
    },
  );

  app.post(
    '/api/auth/register-with-invitation',
    {
      schema: {
        ...tag,
        operationId: 'registerWithInvitation',
        body: S.RegisterWithInvitationBody,
        response: answers(S.AuthResult),
      },
    },
    async (request) => {
      const b = request.body;
      checkPasswordPolicy(b.password);
      const user = await acceptInvitation(db, b.invitationId, {
        userName: b.userName,
        firstName: b.firstName,
        lastName: b.lastName,
        passwordHash: await hashPassword(b.password),
        ...(b.email !== undefined ? { email: b.email } : {}),
      });
      return issue(user);
    },
  );

  // ── Google ───────────────────────────────────────────────────────────────────────────────
  app.post(
    '/api/auth/google-login',
    { schema: { ...tag, operationId: 'googleLogin', body: S.GoogleLoginBody, response: answers(S.AuthResult) } },
    async (request) => {
      const identity = await verifyIdToken(request.body.idToken);
      const entry = await findByEmail(db, identity.email);
      if (!entry) {
        throw new ApiError(
          404,
          'No Stockwise account uses this Google account yet. Register your company with Google, or ask your administrator for an invitation.',
          'ACCOUNT_NOT_FOUND',
        );
      }
      const info = await inTenant(db, entry.companyId, async (q) => {
        const [row] = await q.query<{ sub: string | null }>(`SELECT google_subject AS sub FROM users WHERE id = $1`, [
          entry.userId,
        ]);
        if (row?.sub && row.sub !== identity.subject) return null;
        if (!row?.sub)
          await q.query(`UPDATE users SET google_subject = $2 WHERE id = $1`, [entry.userId, identity.subject]);
        return loadUserInfo(q, entry.userId);
      });
      if (!info) throw unauthorized('This email is linked to a different Google account.', 'GOOGLE_ACCOUNT_MISMATCH');
      return issue(info);
    },
  );

  app.post(
    '/api/auth/google-login-with-invitation',
    {
      schema: {
        ...tag,
        operationId: 'googleLoginWithInvitation',
        body: S.GoogleInvitationBody,
        response: answers(S.AuthResult),
      },
    },
    async (request) => {
      const identity = await verifyIdToken(request.body.idToken);
      if (await findByEmail(db, identity.email)) {
        throw new ApiError(
          409,
          'An account with this Google email already exists. Sign in with Google instead.',
          'ACCOUNT_EXISTS',
        );
      }
      const user = await acceptInvitation(db, request.body.invitationId, {
        userName: await freeUserName(db, identity.email.split('@')[0] ?? 'user'),
        email: identity.email,
        firstName: identity.givenName ?? '',
        lastName: identity.familyName ?? '',
        passwordHash: null,
        googleSubject: identity.subject,
      });
      return issue(user);
    },
  );

  // ── password reset ───────────────────────────────────────────────────────────────────────
  app.post(
    '/api/auth/forgot-password',
    { schema: { ...tag, operationId: 'forgotPassword', body: S.ForgotPasswordBody, response: answers(Message) } },
    async (request) => {
      const { email } = request.body;
      const ipOk = await inPublic(db, (q) => hit(q, `forgot:ip:${request.ip}`, 20, HOUR));
      if (!ipOk) throw tooManyRequests('Too many password reset requests. Please try again later.');
      const entry = await findByEmail(db, email);
      // Same answer whether or not the account exists; at most 5 mails an hour per address.
      if (entry && (await inPublic(db, (q) => hit(q, `forgot:email:${key(email)}`, 5, HOUR)))) {
        const token = randomBytes(32).toString('base64url');
        const to = await inTenant(db, entry.companyId, async (q) => {
          await q.query(
            `INSERT INTO password_reset_tokens (company_id, user_id, token_hash, expires_at)
             VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
            [entry.companyId, entry.userId, sha256(token), RESET_TTL_MINUTES],
          );
          const [u] = await q.query<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [entry.userId]);
          return u!.email;
        });
        const link = `${config.publicUrl}/reset-password?email=${encodeURIComponent(to)}&token=${token}`;
        const sending = app.mailer.send({
          to,
          subject: 'Reset your Stockwise password',
          text: `Someone asked to reset the password of your Stockwise account.\n\nOpen this link within ${RESET_TTL_MINUTES} minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this email.`,
        });
        if (app.mailer.kind === 'outbox') await sending;
        else sending.catch((err) => request.log.error({ err }, 'password reset mail failed'));
      }
      return { message: RESET_SENT };
    },
  );

  async function findResetToken(email: string, token: string) {
    const entry = await findByEmail(db, email);
    if (!entry) return null;
    return { entry, hash: sha256(token) };
  }

  app.post(
    '/api/auth/validate-reset-token',
    {
      schema: {
        ...tag,
        operationId: 'validateResetToken',
        body: S.ValidateResetTokenBody,
        response: answers(S.ValidateResetTokenResult),
      },
    },
    async (request) => {
      const found = await findResetToken(request.body.email, request.body.token);
      const valid = found
        ? await inTenant(
            db,
            found.entry.companyId,
            async (q) =>
              (
                await q.query(
                  `SELECT 1 FROM password_reset_tokens WHERE user_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()`,
                  [found.entry.userId, found.hash],
                )
              ).length > 0,
          )
        : false;
      if (!valid) throw badRequest(RESET_INVALID, 'token', 'RESET_TOKEN_INVALID');
      return { valid: true, message: 'The reset link is valid.' };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { ...tag, operationId: 'resetPassword', body: S.ResetPasswordBody, response: answers(Message) } },
    async (request) => {
      const b = request.body;
      if (b.newPassword !== b.confirmPassword)
        throw badRequest('The passwords do not match.', 'confirmPassword', 'PASSWORD_MISMATCH');
      checkPasswordPolicy(b.newPassword, 'newPassword');
      const found = await findResetToken(b.email, b.token);
      const newHash = await hashPassword(b.newPassword);
      const done = found
        ? await inTenant(db, found.entry.companyId, async (q) => {
            const used = await q.query(
              `UPDATE password_reset_tokens SET used_at = now()
                WHERE user_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
              [found.entry.userId, found.hash],
            );
            if (used.length === 0) return false;
            await q.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [
              found.entry.userId,
              newHash,
            ]);
            await q.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
              found.entry.userId,
            ]);
            return true;
          })
        : false;
      if (!done) throw badRequest(RESET_INVALID, 'token', 'RESET_TOKEN_INVALID');
      await inPublic(db, (q) => clearEvents(q, `login:account:${key(b.email)}`));
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );

  // ── the signed-in user ───────────────────────────────────────────────────────────────────
  app.get(
    '/api/auth/getuser',
    {
      onRequest: app.authenticate,
      schema: { ...tag, ...bearer, operationId: 'getUser', response: answers(S.UserInfoSchema) },
    },
    async (request) => {
      const info = await app.inCompany(request, (q) => loadUserInfo(q, request.principal!.userId));
      if (!info) throw unauthorized('Your account no longer exists.', 'USER_GONE');
      return info;
    },
  );

  app.put(
    '/api/auth/updateuser',
    {
      onRequest: app.authenticate,
      schema: {
        ...tag,
        ...bearer,
        operationId: 'updateUser',
        body: S.UpdateUserBody,
        response: answers(S.UserInfoSchema),
      },
    },
    async (request) => {
      const b = request.body;
      const userId = request.principal!.userId;
      const info = await app.inCompany(request, async (q) => {
        const sets: string[] = [];
        const values: unknown[] = [userId];
        const set = (column: string, value: unknown) => {
          values.push(value);
          sets.push(`${column} = $${values.length}`);
        };
        if (b.firstName !== undefined) set('first_name', b.firstName);
        if (b.lastName !== undefined) set('last_name', b.lastName);
        if (b.userName !== undefined) set('user_name', b.userName.trim());
        if (b.email !== undefined) set('email', b.email.trim());
        if (b.profilePictureUrl !== undefined) set('profile_picture_url', b.profilePictureUrl || null);
        if (sets.length) {
          const updated = await q.query(
            `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING id`,
            values,
          );
          if (updated.length === 0) throw unauthorized('Your account no longer exists.', 'USER_GONE');
        }
        if (b.userName !== undefined || b.email !== undefined) {
          await q.query(
            `UPDATE user_directory d SET user_name_key = lower(u.user_name), email_key = lower(u.email)
               FROM users u WHERE u.id = $1 AND d.user_id = u.id`,
            [userId],
          );
        }
        return loadUserInfo(q, userId);
      });
      if (!info) throw unauthorized('Your account no longer exists.', 'USER_GONE');
      return info;
    },
  );

  app.get(
    '/api/auth/profile-picture/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...tag,
        ...bearer,
        operationId: 'getProfilePicture',
        description: 'Redirects (302) to the user’s profile picture; same company only.',
        params: IdParams,
        response: { 302: Type.Null(), '4xx': answers(Type.Null())['4xx'] },
      },
    },
    async (request, reply) => {
      const [row] = await app.inCompany(request, (q) =>
        q.query<{ url: string | null }>(`SELECT profile_picture_url AS url FROM users WHERE id = $1`, [
          request.params.id,
        ]),
      );
      if (!row) throw notFound('User not found.');
      if (!row.url) throw notFound('This user has no profile picture.');
      return reply.redirect(row.url, 302);
    },
  );
};
