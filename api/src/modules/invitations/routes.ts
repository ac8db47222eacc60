import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { permit } from '../../access/index.js';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { answers, Email, IdParams, OneLine } from '../../lib/schemas.js';
import { key, OWNER } from '../auth/accounts.js';
import { createInvitation, INVITATION_SELECT, type Invitation, REFUSALS } from './service.js';

export const InvitationSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    roles: Type.Array(Type.String()),
    invitedBy: Type.String(),
    invitedByUserName: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([
      Type.Literal('pending'),
      Type.Literal('accepted'),
      Type.Literal('revoked'),
      Type.Literal('expired'),
    ]),
    expiresAt: Type.String(),
    createdAt: Type.String(),
    acceptedAt: Type.Union([Type.String(), Type.Null()]),
    inviteUrl: Type.Optional(Type.String()),
  },
  { title: 'Invitation' },
);

export const CreateInvitationBody = Type.Object(
  {
    email: Email,
    roles: Type.Array(OneLine({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 20, uniqueItems: true }),
  },
  { additionalProperties: false, title: 'CreateInvitationRequest' },
);

export const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['invitations'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  const inviteUrl = (id: string) => `${app.config.publicUrl}/register?invitationId=${id}`;

  app.post(
    '/api/invitations',
    {
      schema: {
        ...common,
        operationId: 'createInvitation',
        ...permit('users.manage'),
        body: CreateInvitationBody,
        response: answers(InvitationSchema, 201),
      },
    },
    async (request, reply) => {
      const { email, roles } = request.body;
      const p = request.principal!;
      const { invitation, companyName } = await app.inCompany(request, async (q) => {
        const mine = request.roles!;
        const known = (
          await q.query<{ name: string }>(`SELECT name FROM roles WHERE name = ANY($1::text[])`, [roles])
        ).map((r) => r.name);
        const unknown = roles.filter((r) => !known.includes(r));
        if (unknown.length) throw badRequest(`roles: unknown role ${unknown.map((r) => `"${r}"`).join(', ')}`, 'roles');
        if (roles.includes(OWNER) && !mine.includes(OWNER))
          throw forbidden('Only a Company Owner can invite another Company Owner.');
        const pendingSame = await q.query(
          `SELECT 1 FROM invitations WHERE lower(email) = $1 AND status = 'pending' AND expires_at > now()`,
          [key(email)],
        );
        if (pendingSame.length) throw conflict('A pending invitation for this email already exists.', 'email');
        const [company] = await q.query<{ name: string }>(`SELECT company_name AS name FROM companies`);
        return {
          invitation: await createInvitation(q, p.companyId, p.userId, email, roles),
          companyName: company?.name ?? '',
        };
      });
      await app.mailer
        .send({
          to: invitation.email,
          subject: `You are invited to join ${companyName} on Stockwise`,
          text: `${p.userName} invited you to join ${companyName} on Stockwise as ${invitation.roles.join(', ')}.\n\nAccept within 7 days:\n${inviteUrl(invitation.id)}`,
        })
        .catch((err) => request.log.error({ err }, 'invitation mail failed'));
      return reply.status(201).send({ ...invitation, inviteUrl: inviteUrl(invitation.id) });
    },
  );

  app.get(
    '/api/invitations',
    {
      schema: {
        ...common,
        operationId: 'listInvitations',
        ...permit('users.manage'),
        response: answers(Type.Array(InvitationSchema)),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const rows = await q.query<Invitation>(`${INVITATION_SELECT} ORDER BY i.created_at DESC`);
        return rows.map((r) => ({ ...r, inviteUrl: inviteUrl(r.id) }));
      }),
  );

  app.post(
    '/api/invitations/:id/revoke',
    {
      schema: {
        ...common,
        operationId: 'revokeInvitation',
        ...permit('users.manage'),
        params: IdParams,
        response: answers(InvitationSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const [inv] = await q.query<Invitation>(`${INVITATION_SELECT} WHERE i.id = $1 FOR UPDATE OF i`, [
          request.params.id,
        ]);
        if (!inv) throw notFound('Invitation not found.');
        if (inv.status !== 'pending')
          throw new ApiError(
            409,
            `Only a pending invitation can be revoked. ${REFUSALS[inv.status][1]}`,
            REFUSALS[inv.status][0],
          );
        await q.query(`UPDATE invitations SET status = 'revoked' WHERE id = $1`, [inv.id]);
        const [row] = await q.query<Invitation>(`${INVITATION_SELECT} WHERE i.id = $1`, [inv.id]);
        return row!;
      }),
  );
};
