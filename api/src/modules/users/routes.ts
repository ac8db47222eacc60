import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { answers, IdParams } from '../../lib/schemas.js';
import { permit, SELF } from '../../access/index.js';
import { userLimit } from '../subscriptions/index.js';
import { accessChanged } from '../events/index.js';
import { CompanyUserSchema, UserLanguageSchema, UserLimitSchema } from './schemas.js';
import * as service from './service.js';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['users'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/users',
    {
      schema: {
        ...common,
        operationId: 'listUsers',
        ...permit('users.manage'),
        response: answers(Type.Array(CompanyUserSchema)),
      },
    },
    (request) => app.inCompany(request, (q) => service.listUsers(q)),
  );

  app.get(
    '/api/users/limit',
    {
      schema: {
        ...common,
        operationId: 'getUserLimit',
        ...permit('users.manage', 'billing.manage'),
        description: 'Seats used (users + pending invitations) against the plan’s maxUsers.',
        response: answers(UserLimitSchema),
      },
    },
    (request) => app.inCompany(request, (q) => userLimit(q)),
  );

  app.put(
    '/api/users/me/language',
    {
      schema: {
        ...common,
        operationId: 'setMyLanguage',
        ...SELF,
        description:
          'The language the caller chose in the app (en or tr): what the server mails them on its own, such as the daily digest, is written in it.',
        body: UserLanguageSchema,
        response: answers(UserLanguageSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) => service.setLanguage(q, request.principal!.userId, request.body.language)),
  );

  app.post(
    '/api/users/:id/deactivate',
    {
      schema: {
        ...common,
        operationId: 'deactivateUser',
        ...permit('users.manage'),
        description:
          'The user can no longer sign in, and their tokens stop working on the next request. Not yourself, not a Company Owner (409).',
        params: IdParams,
        response: answers(CompanyUserSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const user = await service.deactivateUser(
          q,
          request.principal!.companyId,
          request.params.id,
          request.principal!.userId,
        );
        // Their open streams end on every replica (a new ticket is refused).
        accessChanged(q, request.principal!.companyId, [request.params.id]);
        return user;
      }),
  );

  app.post(
    '/api/users/:id/reactivate',
    {
      schema: {
        ...common,
        operationId: 'reactivateUser',
        ...permit('users.manage'),
        description: 'The user can sign in again.',
        params: IdParams,
        response: answers(CompanyUserSchema),
      },
    },
    (request) =>
      app.inCompany(request, (q) =>
        service.reactivateUser(q, request.principal!.companyId, request.params.id, request.principal!.userId),
      ),
  );
};
