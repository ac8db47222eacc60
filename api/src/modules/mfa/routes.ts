import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inWorkTransaction, permit, SELF } from '../../access/index.js';
import { ApiError, mfaRequired } from '../../lib/errors.js';
import { answers } from '../../lib/schemas.js';
import { settingsChanged } from '../events/index.js';
import {
  countFactors,
  recoveryCodesLeft,
  requiresMfaForAdmins,
  sessionAal,
  setRequireMfaForAdmins,
} from './queries.js';
import { replaceRecoveryCodes, RECOVERY_CODE_COUNT } from './recovery-codes.js';

// The parts of multi-factor sign-in GoTrue has no endpoint for, under /api: the caller's recovery
// codes, and the company's requirement of a second factor for its Owners and Admins.

const notSetUp = (message: string) => new ApiError(409, message, 'MFA_NOT_SET_UP');

const RecoveryCodes = Type.Object(
  {
    codes: Type.Array(Type.String(), {
      description: `The ${RECOVERY_CODE_COUNT} new one-time codes, shown this once (only their digests are kept).`,
    }),
  },
  { title: 'RecoveryCodes' },
);
const RecoveryCodesLeft = Type.Object({ remaining: Type.Integer({ minimum: 0 }) }, { title: 'RecoveryCodesLeft' });
const MfaPolicy = Type.Object(
  {
    requireForOwnersAndAdmins: Type.Boolean({
      description: 'Owners and Admins without a verified factor can only enrol one until they do.',
    }),
  },
  { title: 'MfaPolicy', additionalProperties: false },
);

export const mfaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  // Every handler works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);

  app.get(
    '/api/auth/mfa/recovery-codes',
    {
      schema: {
        ...common,
        tags: ['auth'],
        operationId: 'getRecoveryCodesLeft',
        ...SELF,
        description: 'How many of the caller’s one-time recovery codes are still unused.',
        response: answers(RecoveryCodesLeft),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => ({ remaining: await recoveryCodesLeft(q, request.principal!.userId) })),
  );

  app.post(
    '/api/auth/mfa/recovery-codes',
    {
      schema: {
        ...common,
        tags: ['auth'],
        operationId: 'replaceRecoveryCodes',
        ...SELF,
        description:
          'Makes ten new one-time recovery codes for the caller, replacing any earlier ones; needs a verified ' +
          'factor and a session at aal2. A code is used in place of a TOTP code in POST /auth/v1/factors/{id}/verify.',
        response: answers(RecoveryCodes),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const me = request.principal!;
        if ((await countFactors(q, me.userId)).verified === 0)
          throw notSetUp('Set up an authenticator app first: recovery codes stand in for its codes.');
        if ((await sessionAal(q, me.sessionId)) !== 'aal2') throw mfaRequired();
        return { codes: await replaceRecoveryCodes(q, app.tokens, { id: me.userId, companyId: me.companyId }) };
      }),
  );

  app.get(
    '/api/company/mfa-policy',
    {
      schema: {
        ...common,
        tags: ['company'],
        operationId: 'getMfaPolicy',
        ...permit('settings.manage'),
        response: answers(MfaPolicy),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        return { requireForOwnersAndAdmins: await requiresMfaForAdmins(q, request.principal!.companyId) };
      }),
  );

  app.put(
    '/api/company/mfa-policy',
    {
      schema: {
        ...common,
        tags: ['company'],
        operationId: 'updateMfaPolicy',
        ...permit('settings.manage'),
        description:
          'Requires a verified second factor of the company’s Owners and Admins. Turning it on needs one of ' +
          'your own (409 MFA_NOT_SET_UP otherwise), so that whoever turns it on is not locked out by it.',
        body: MfaPolicy,
        response: answers(MfaPolicy),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const me = request.principal!;
        const on = request.body.requireForOwnersAndAdmins;
        if (on && (await countFactors(q, me.userId)).verified === 0)
          throw notSetUp('Set up two-step verification for your own account before requiring it of others.');
        await setRequireMfaForAdmins(q, me.companyId, on);
        settingsChanged(q, me.companyId, '/api/company', me.companyId);
        return { requireForOwnersAndAdmins: on };
      }),
  );
};
