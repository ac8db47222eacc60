import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accessChanged, settingsChanged } from '../events/index.js';
import { Type } from '@sinclair/typebox';
import { permit, inWorkTransaction, SELF } from '../../access/index.js';
import { answers, IdParams } from '../../lib/schemas.js';
import * as S from './schemas.js';
import * as service from './service.js';

export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['roles'], security: [{ bearer: [] }], ...permit('users.manage') };
  app.addHook('onRequest', app.authenticate);
  // Every handler here works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);

  app.get(
    '/api/access',
    {
      schema: {
        tags: ['roles'],
        security: [{ bearer: [] }],
        ...SELF,
        operationId: 'getMyAccess',
        description:
          'The caller’s roles, permissions and transaction-type claims, read now (a claim change shows on the next call).',
        response: answers(S.MyAccessSchema),
      },
    },
    // The read that checks the caller is the answer: the work transaction is that one statement.
    (request) => app.inCompany(request, async () => service.myAccess(request.access!)),
  );

  app.get(
    '/api/roles',
    { schema: { ...common, operationId: 'listRoles', response: answers(Type.Array(S.RoleSchema)) } },
    (request) => app.inCompany(request, (q) => service.listRoles(q)),
  );

  app.post(
    '/api/roles',
    { schema: { ...common, operationId: 'createRole', body: S.RoleBody, response: answers(S.RoleSchema, 201) } },
    async (request, reply) => {
      const role = await app.inCompany(request, async (q) => {
        const created = await service.createRole(
          q,
          request.principal!.companyId,
          request.body.name,
          request.principal!.userId,
        );
        settingsChanged(q, request.principal!.companyId, '/api/roles', created.id);
        return created;
      });
      return reply.status(201).send(role);
    },
  );

  app.put(
    '/api/roles/:id',
    {
      schema: {
        ...common,
        operationId: 'renameRole',
        description: 'Renames a role of the company’s own (built-in roles keep their names: 409).',
        params: IdParams,
        body: S.RoleBody,
        response: answers(S.RoleSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const role = await service.renameRole(
          q,
          request.principal!.companyId,
          request.params.id,
          request.body.name,
          request.principal!.userId,
        );
        settingsChanged(q, request.principal!.companyId, '/api/roles', request.params.id);
        return role;
      }),
  );

  app.delete(
    '/api/roles/:id',
    {
      schema: {
        ...common,
        operationId: 'deleteRole',
        description: 'Deletes a role nobody holds and no pending invitation names (409 otherwise; built-in: 409).',
        params: IdParams,
        response: answers(Type.Null(), 204),
      },
    },
    async (request, reply) => {
      await app.inCompany(request, async (q) => {
        await service.deleteRole(q, request.principal!.companyId, request.params.id, request.principal!.userId);
        settingsChanged(q, request.principal!.companyId, '/api/roles', request.params.id);
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/roles/:id/claims',
    {
      schema: { ...common, operationId: 'getRoleClaims', params: IdParams, response: answers(S.RoleClaimsSchema) },
    },
    (request) => app.inCompany(request, (q) => service.getClaims(q, request.params.id)),
  );

  app.put(
    '/api/roles/:id/claims',
    {
      schema: {
        ...common,
        operationId: 'setRoleClaims',
        description:
          'Replaces the role’s claims. The Company Owner’s cannot change (409); only what the caller holds can be granted (403). Applies from the next request.',
        params: IdParams,
        body: S.RoleClaimsBody,
        response: answers(S.RoleClaimsSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const companyId = request.principal!.companyId;
        const claims = await service.putClaims(q, companyId, request.params.id, request.body.claims, {
          ...request.access!,
          userId: request.principal!.userId,
        });
        settingsChanged(q, companyId, '/api/roles', request.params.id);
        // The holders' streams end and reopen with what the role now lets them see.
        accessChanged(q, companyId, await service.holdersOf(q, [request.params.id]));
        return claims;
      }),
  );

  app.put(
    '/api/roles/claims',
    {
      schema: {
        ...common,
        operationId: 'setClaimsOfRoles',
        description:
          'Replaces several roles’ claims at once, all or nothing: one refusal (as for PUT /api/roles/{id}/claims) and no role changes.',
        body: S.RolesClaimsBody,
        response: answers(Type.Array(S.RoleClaimsSchema)),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const companyId = request.principal!.companyId;
        const saved = await service.putClaimsOfRoles(q, companyId, request.body.roles, {
          ...request.access!,
          userId: request.principal!.userId,
        });
        accessChanged(
          q,
          companyId,
          await service.holdersOf(
            q,
            request.body.roles.map((r) => r.roleId),
          ),
        );
        return saved;
      }),
  );

  app.put(
    '/api/users/:id/roles',
    {
      schema: {
        ...common,
        tags: ['users'],
        operationId: 'setUserRoles',
        description:
          'Replaces a user’s roles (by name). Only an owner gives or takes Company Owner; the last owner stays one (409).',
        params: IdParams,
        body: S.UserRolesBody,
        response: answers(S.UserRolesSchema),
      },
    },
    (request) =>
      app.inCompany(request, async (q) => {
        const companyId = request.principal!.companyId;
        const roles = await service.setUserRoles(q, companyId, request.params.id, request.body.roles, {
          ...request.access!,
          userId: request.principal!.userId,
          sessionId: request.principal!.sessionId,
        });
        settingsChanged(q, companyId, '/api/users', request.params.id);
        accessChanged(q, companyId, [request.params.id]);
        return roles;
      }),
  );
};
