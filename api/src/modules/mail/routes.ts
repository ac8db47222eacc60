import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Timestamp } from '../../lib/schemas.js';
import { Type } from '@sinclair/typebox';
import { inPublic } from '../../db/tenant.js';
import { outboxPage, type OutboxMail } from './outbox-page.js';
import { outboxMails } from './queries.js';

/** Development only (never registered in production mode): the mail outbox, newest first. */
export const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        operationId: 'devOutbox',
        description:
          'Development only: mail written to the outbox (absent when NODE_ENV=production). A browser asking for HTML gets it as a page.',
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
                createdAt: Timestamp,
                attachments: Type.Array(
                  Type.Object({ filename: Type.String(), contentType: Type.String(), size: Type.Integer() }),
                  { description: 'The files the mail carries (a purchase order’s PDF): names and sizes.' },
                ),
              },
              { title: 'OutboxMail' },
            ),
          ),
        },
      },
    },
    async (request, reply) => {
      const mails = await inPublic(app.db, (q) => outboxMails(q, request.query.to ?? null));
      // The development banner links here: a browser navigating (its Accept starts with text/html)
      // gets the page; scripts and tests get the JSON.
      if (/^\s*text\/html/i.test(request.headers.accept ?? ''))
        return reply.type('text/html; charset=utf-8').send(outboxPage(mails) as unknown as OutboxMail[]); // the route's schema types the JSON answer only
      return mails;
    },
  );
};
