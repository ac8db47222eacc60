import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { inTenant } from '../../db/tenant.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { checkPasswordPolicy, hashPassword } from '../../lib/passwords.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { answers } from '../../lib/schemas.js';
import { acceptInvitation, describeInvitation, REFUSALS } from '../invitations/index.js';
import { createCompanyWithOwner, key } from './accounts.js';
import { mailedCollision } from './collisions.js';
import { verifiedIdentity } from './google-identity.js';
import * as S from './schemas.js';
import { startSession } from './session.js';
import { issueVerification, requireMail, sendVerification, verificationPending } from './verification.js';

const HOUR = 3600;
const INVITATION_TRIES = 10;
const TOO_MANY_TRIES = 'Too many attempts with this invitation. Please try again later.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Registration, three forms. Cheap checks first: the body is validated by its schema, the
 * password policy and the per-address limit are checked before argon2 spends its 19 MiB. A
 * password account starts unverified: it signs in once the mailed link is used.
 */
export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tag = { tags: ['auth'] };

  async function registrationAllowed(request: FastifyRequest) {
    await enforceLimit(
      db,
      `register:ip:${request.ip}`,
      app.config.registrationsPerAddress,
      HOUR,
      'Too many registrations from this address. Please try again later.',
    );
  }

  /** The link for a new password account, mailed after the account's transaction committed. */
  async function verifyNewAccount(request: FastifyRequest, user: { id: string; companyId: string; email: string }) {
    const token = await inTenant(db, user.companyId, (q) =>
      issueVerification(q, { companyId: user.companyId, userId: user.id }, user.email),
    );
    await sendVerification(app, request, user.email, token, false);
    return verificationPending(user.email);
  }

  app.post(
    '/register',
    {
      schema: {
        ...tag,
        operationId: 'register',
        description: 'A new company with this person as its Company Owner; a verification link is mailed.',
        body: S.RegisterBody,
        response: answers(S.VerificationPending),
      },
    },
    async (request) => {
      const b = request.body;
      checkPasswordPolicy(b.password);
      requireMail(app, 'Registration');
      await registrationAllowed(request);
      // Hashed before the collision check too: the answer should not come faster for a taken name.
      const passwordHash = await hashPassword(b.password);
      if (await mailedCollision(app, request, b)) return verificationPending(b.email);
      const { user } = await createCompanyWithOwner(
        db,
        { companyName: `${b.firstName} ${b.lastName}`.trim() },
        { userName: b.userName, email: b.email, firstName: b.firstName, lastName: b.lastName, passwordHash },
      );
      return verifyNewAccount(request, user);
    },
  );

  app.post(
    '/company-with-admin',
    {
      schema: {
        ...tag,
        operationId: 'registerCompanyWithAdmin',
        description:
          'A company and its Company Owner. With a password: a verification link is mailed. With withGoogle: the idToken (with a nonce from POST /api/auth/google-nonce) must prove the same email; the answer then carries a token.',
        body: S.CompanyWithAdminBody,
        response: answers(S.CompanyWithAdminResult),
      },
    },
    async (request, reply) => {
      const b = request.body;
      if (b.withGoogle) {
        if (!b.idToken)
          throw badRequest('idToken: is required with withGoogle: the Google account proves the email', 'idToken');
      } else {
        if (!b.password)
          throw badRequest('password: is required unless withGoogle is true', 'password', 'VALIDATION_ERROR');
        checkPasswordPolicy(b.password);
        requireMail(app, 'Registration');
      }
      await registrationAllowed(request);
      const identity = b.withGoogle ? await verifiedIdentity(app, b.idToken!) : null;
      if (identity && key(identity.email) !== key(b.email)) {
        throw badRequest('The Google account’s email does not match the email given.', 'email', 'EMAIL_MISMATCH');
      }
      const passwordHash = b.password && !identity ? await hashPassword(b.password) : null;
      // A password registration that collides answers as a new one (the id names no company);
      // with Google the ID token proved the email, so its owner is simply told (409).
      if (!identity && (await mailedCollision(app, request, b)))
        return { companyId: randomUUID(), ...verificationPending(b.email) };
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
          emailVerified: identity !== null,
        },
      );
      if (identity)
        return { message: 'Your company has been created.', companyId, ...(await startSession(app, reply, user)) };
      return { companyId, ...(await verifyNewAccount(request, user)) };
    },
  );

  app.get(
    '/validate-invitation/:invitationId',
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
      const found = UUID.test(id) ? await describeInvitation(db, id) : null;
      if (!found) return { valid: false, message: 'This invitation does not exist.' };
      const { invitation: inv, companyName } = found;
      if (inv.status !== 'pending') return { valid: false, message: REFUSALS[inv.status][1] };
      // Not the invited address: together with the link it is what proves the invitee (see register-with-invitation).
      return {
        valid: true,
        message: `You are invited to join ${companyName}.`,
        companyName,
        roles: inv.roles,
        expiresAt: inv.expiresAt,
      };
    },
  );

  app.post(
    '/register-with-invitation',
    {
      schema: {
        ...tag,
        operationId: 'registerWithInvitation',
        description:
          'Accepts an invitation with a password. The email must be the invited one (any case): a link holder who does not know it is refused (400 INVITATION_EMAIL_MISMATCH). A verification link is mailed to it.',
        body: S.RegisterWithInvitationBody,
        response: answers(S.VerificationPending),
      },
    },
    async (request) => {
      const b = request.body;
      checkPasswordPolicy(b.password);
      requireMail(app, 'Registration');
      // Throttled per invitation, not per address: colleagues accepting from one office network
      // are not strangers registering companies. Only a real invitation gets as far as argon2, and
      // the link holder gets a few tries at the invited address, not an unlimited guess.
      if (!(await describeInvitation(db, b.invitationId))) throw notFound('This invitation does not exist.');
      await enforceLimit(db, `invitation:${b.invitationId}`, INVITATION_TRIES, HOUR, TOO_MANY_TRIES);
      const user = await acceptInvitation(db, b.invitationId, {
        userName: b.userName,
        firstName: b.firstName,
        lastName: b.lastName,
        email: b.email,
        passwordHash: await hashPassword(b.password),
      });
      return verifyNewAccount(request, user);
    },
  );
};
