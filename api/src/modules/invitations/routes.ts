import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { permit } from '../../access/index.js';
import { answers, IdParams } from '../../lib/schemas.js';
import { CreateInvitationBody, InvitationSchema, INVITATION_DAYS, type Invitation } from './schemas.js';
import * as service from './service.js';

export const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['invitations'], security: [{ bearer: [] }], ...permit('users.manage') };
  app.addHook('onRequest', app.authenticate);
  const inviteUrl = (id: string) => `${app.config.publicUrl}/register?invitationId=${id}`;
  const withUrl = (invitation: Invitation) => ({ ...invitation, inviteUrl: inviteUrl(invitation.id) });

  /** The invitation mail; a failed delivery is logged, never a failed invitation (the link is on screen). */
  async function mail(request: FastifyRequest, { invitation, companyName }: service.Sent) {
    await app.mailer
      .send({
        to: invitation.email,
        subject: `You are invited to join ${companyName} on Stockwise`,
        text: `${request.principal!.userName} invited you to join ${companyName} on Stockwise as ${invitation.roles.join(', ')}.\n\nAccept within ${INVITATION_DAYS} days:\n${inviteUrl(invitation.id)}`,
      })
      .catch((err) => request.log.error({ err }, 'invitation mail failed'));
  }

  app.post(
    '/api/invitations',
    {
      schema: {
        ...common,
        operationId: 'createInvitation',
        body: CreateInvitationBody,
        response: answers(InvitationSchema, 201),
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      const sent = await app.inCompany(request, (q) =>
        service.createInvitation(
          q,
          p.companyId,
          { ...request.access!, userId: p.userId },
          request.body.email,
          request.body.roles,
        ),
      );
      await mail(request, sent);
      return reply.status(201).send(withUrl(sent.invitation));
    },
  );

  app.get(
    '/api/invitations',
    { schema: { ...common, operationId: 'listInvitations', response: answers(Type.Array(InvitationSchema)) } },
    async (request) => (await app.inCompany(request, (q) => service.listInvitations(q))).map(withUrl),
  );

  app.post(
    '/api/invitations/:id/revoke',
    { schema: { ...common, operationId: 'revokeInvitation', params: IdParams, response: answers(InvitationSchema) } },
    async (request) =>
      withUrl(
        await app.inCompany(request, (q) =>
          service.revokeInvitation(q, request.principal!.companyId, request.params.id, request.principal!.userId),
        ),
      ),
  );

  app.post(
    '/api/invitations/:id/resend',
    {
      schema: {
        ...common,
        operationId: 'resendInvitation',
        description: `Mails the invitation again, good for ${INVITATION_DAYS} days from now. A pending or expired one (an expired one needs a free seat: 403 PLAN_LIMIT_USERS); accepted or revoked: 409.`,
        params: IdParams,
        response: answers(InvitationSchema),
      },
    },
    async (request) => {
      const sent = await app.inCompany(request, (q) =>
        service.resendInvitation(q, request.principal!.companyId, request.params.id, request.principal!.userId),
      );
      await mail(request, sent);
      return withUrl(sent.invitation);
    },
  );
};
