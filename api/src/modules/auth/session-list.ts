import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SELF } from '../../access/index.js';
import { notFound } from '../../lib/errors.js';
import { answers, IdParams } from '../../lib/schemas.js';
import * as S from './schemas.js';
import { listSessions } from './session-queries.js';
import { endSessions } from './sessions.js';

/**
 * The caller's own sessions (Profile → Security): list them, end one, end all but this one. Only
 * the caller's user and company are ever read (their id from the verified token, the company by
 * row-level security), so another user's session id answers 404 like an unknown one. An ended
 * session's tokens are refused on their next request and its refresh token with them (endSessions).
 */
export const sessionListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['auth'], security: [{ bearer: [] }], ...SELF };

  app.get(
    '/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        operationId: 'listSessions',
        description: 'The caller’s live sessions, one per signed-in device; the current one first.',
        response: answers(S.SessionList),
      },
    },
    async (request) => {
      const me = request.principal!;
      const items = await app.inCompany(request, (q) => listSessions(q, me.userId, me.sessionId));
      return { items, total: items.length };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        operationId: 'endSession',
        description:
          'Signs one of the caller’s devices out: its tokens are refused from the next request. 404 for a session that is not the caller’s or has ended.',
        params: IdParams,
        response: answers(Type.Null(), 204),
      },
    },
    async (request, reply) => {
      const me = request.principal!;
      const ended = await app.inCompany(request, (q) =>
        endSessions(q, me.userId, 'sign-out', { only: request.params.id }),
      );
      if (ended === 0) throw notFound('No such session.');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/end-others',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        operationId: 'endOtherSessions',
        description: 'Signs the caller out everywhere else: every session of theirs but this one ends.',
        response: answers(S.EndedSessions),
      },
    },
    async (request) => {
      const me = request.principal!;
      const ended = await app.inCompany(request, (q) =>
        endSessions(q, me.userId, 'sign-out', { except: me.sessionId }),
      );
      return { ended };
    },
  );
};
