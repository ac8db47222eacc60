import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { permit, inWorkTransaction } from '../../access/index.js';
import { PERMISSIONS } from '../../vocabulary.js';
import { columnsOf, csvAnswers, listOrCsv } from '../../lib/csv.js';
import { answers, IdParams, KeysetPage } from '../../lib/schemas.js';
import * as S from './schemas.js';
import * as service from './service.js';

/** Any permission at all: a role with none has no work to be given. */
const ANYONE_AT_WORK = permit(...PERMISSIONS);

export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['tasks'], security: [{ bearer: [] }] };
  app.addHook('onRequest', app.authenticate);
  // Every handler here works through app.inCompany first: the access check joins that transaction.
  app.addHook('onRequest', inWorkTransaction);
  const caller = (request: FastifyRequest): service.Caller => ({
    companyId: request.principal!.companyId,
    userId: request.principal!.userId,
    access: request.access!,
  });

  app.get(
    '/api/tasks',
    {
      schema: {
        ...common,
        ...ANYONE_AT_WORK,
        operationId: 'listTasks',
        description: 'Tasks assigned to me or to one of my roles (mine=1, the default), or every task (mine=0).',
        querystring: S.TaskListQuery,
        response: csvAnswers(KeysetPage(S.TaskSchema, 'TaskPage')),
      },
    },
    async (request, reply) =>
      listOrCsv(app, request, reply, {
        filename: 'tasks',
        columns: columnsOf(S.TaskSchema),
        page: (q, at) => service.listTasks(q, caller(request), { ...request.query, ...at }),
      }),
  );

  app.get(
    '/api/tasks/queues',
    {
      schema: {
        ...common,
        ...ANYONE_AT_WORK,
        operationId: 'getTaskQueues',
        description:
          'My Tasks: my open tasks (assigned to me or to one of my roles) and the queues of work my claims let me do, each with its count and first 20 items.',
        response: answers(S.QueuesSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.queues(q, caller(request))),
  );

  app.post(
    '/api/tasks',
    {
      schema: {
        ...common,
        ...permit('items.process', 'users.manage'),
        operationId: 'createTask',
        body: S.CreateTaskBody,
        response: answers(S.TaskSchema, 201),
      },
    },
    async (request, reply) => {
      const task = await app.inCompany(request, (q) => service.createTask(q, caller(request), request.body));
      return reply.status(201).send(task);
    },
  );

  app.post(
    '/api/tasks/:id/done',
    {
      schema: {
        ...common,
        ...ANYONE_AT_WORK,
        operationId: 'completeTask',
        description:
          'Marks my task (or my role’s) done; users.manage and items.process may close any. Done twice: 409.',
        params: IdParams,
        response: answers(S.TaskSchema),
      },
    },
    (request) => app.inCompany(request, (q) => service.completeTask(q, caller(request), request.params.id)),
  );
};
