import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { answers } from '../../lib/schemas.js';
import { permit } from '../../access/index.js';
import { userLimit } from '../subscriptions/plan-limits.js';

export const CompanyUserSchema = Type.Object(
  {
    id: Type.String(),
    userName: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    profilePictureUrl: Type.Union([Type.String(), Type.Null()]),
    roles: Type.Array(Type.String()),
    createdAt: Type.String(),
  },
  { title: 'CompanyUser' },
);
export const UserLimitSchema = Type.Object(
  { used: Type.Integer(), max: Type.Integer(), planName: Type.String() },
  { title: 'UserLimit' },
);

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/users',
    {
      schema: {
        ...common,
        tags: ['users'],
        operationId: 'listUsers',
        ...permit('users.manage'),
        response: answers(Type.Array(CompanyUserSchema)),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        return q.query(
          `SELECT u.id, u.user_name AS "userName", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
                  u.profile_picture_url AS "profilePictureUrl",
                  coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r
                             ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
                  to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
             FROM users u ORDER BY u.user_name`,
        );
      }),
  );

  app.get(
    '/api/users/limit',
    {
      schema: {
        ...common,
        tags: ['users'],
        operationId: 'getUserLimit',
        ...permit('users.manage', 'billing.manage'),
        description: 'Seats used (users + pending invitations) against the plan’s maxUsers.',
        response: answers(UserLimitSchema),
      },
    },
    (request) => app.inCompany(request, (q) => userLimit(q)),
  );
};
