import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { inPublic } from '../../db/tenant.js';

/** Development only (never registered in production mode): the mail outbox, newest first. */
export const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        operationId: 'devOutbox',
        description: 'Development only: mail written to the outbox (absent when NODE_ENV=production).',
        querystring: Type.Object(
          { to: Type.Optional(Type.String({ maxLength: 254 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Array(
            Type.Object(
              {
                id: Type.String(),
                to: Type.String(),
                subject: Type.String(),
                text: Type.String(),
                createdAt: Type.String(),
              },
              { title: 'OutboxMail' },
            ),
          ),
        },
      },
    },
    (request) =>
      inPublic(app.db, (q) =>
        q.query(
          `SELECT id, to_address AS "to", subject, body AS text,
                  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
             FROM mail_outbox WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY created_at DESC LIMIT 50`,
          [request.query.to ?? null],
        ),
      ),
  );
};
