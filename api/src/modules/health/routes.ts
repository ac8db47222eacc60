import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorResponse } from '../../lib/schemas.js';
import { migrationsReadable } from './queries.js';

const Health = Type.Object({ status: Type.String() }, { title: 'Health' });

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], operationId: 'health', response: { 200: Health } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/api/ready',
    { schema: { tags: ['health'], operationId: 'ready', response: { 200: Health, 503: ErrorResponse } } },
    async (_request, reply) => {
      try {
        await migrationsReadable(app.db);
        return { status: 'ready' };
      } catch {
        return reply
          .status(503)
          .send({ statusCode: 503, error: 'Service Unavailable', message: 'The database is not reachable.' });
      }
    },
  );
};
