import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { fastifySSE as sse } from '@fastify/sse';
import { SELF } from '../../access/index.js';
import { unauthorized } from '../../lib/errors.js';
import { answers } from '../../lib/schemas.js';
import { CHANGE_KINDS } from './publisher.js';
import * as S from './schemas.js';
import { issueTicket, redeemTicket, TICKET_TTL_SECONDS } from './tickets.js';

/** A comment line this often keeps proxies (which cut idle connections at 30–60 s) from closing a stream. */
export const HEARTBEAT_MS = 15_000;
/** A stream ends after this long; the browser opens the next with a new ticket, which needs a valid token. */
export const STREAM_MAX_MS = 15 * 60_000;

/** Whose stream a request opens, from its redeemed ticket. */
const holders = new WeakMap<FastifyRequest, { companyId: string; userId: string }>();

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });

  app.post(
    '/api/events/ticket',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['events'],
        security: [{ bearer: [] }],
        ...SELF,
        operationId: 'createEventTicket',
        description: `A single-use ticket for GET /api/events/stream, good for ${TICKET_TTL_SECONDS} s: EventSource cannot send the bearer header, and the token must never be in a URL.`,
        response: answers(S.TicketAnswer, 201),
      },
    },
    async (request, reply) => {
      const { companyId, userId } = request.principal!;
      const ticket = await app.inCompany(request, (q) => issueTicket(q, companyId, userId));
      return reply.status(201).send(ticket);
    },
  );

  app.get(
    '/api/events/stream',
    {
      sse: 'only',
      schema: {
        tags: ['events'],
        operationId: 'streamEvents',
        description: `Server-Sent Events for the ticket holder’s company only. Opened with a ticket from POST /api/events/ticket (used up here; a used, expired or unknown one: 401). Events: \`ready\` on open; ${CHANGE_KINDS.map((k) => `\`${k}\``).join(', ')} with data \`{kind, resources, ids, count}\` (resources: the API resources to refetch; ids: null past 100); \`resync\` after the server lost changes (refetch everything). A comment every ${HEARTBEAT_MS / 1000} s; the stream ends after ${STREAM_MAX_MS / 60_000} min — reconnect with a new ticket.`,
        querystring: S.StreamQuery,
        produces: ['text/event-stream'],
      },
      // Before any byte of the stream: a bad ticket is an ordinary JSON 401.
      preHandler: async (request) => {
        const holder = await redeemTicket(app.db, (request.query as { ticket: string }).ticket);
        if (!holder)
          throw unauthorized('This stream ticket is unknown, used or expired: ask for a new one.', 'TICKET_INVALID');
        holders.set(request, holder);
      },
    },
    async (request, reply) => {
      const { companyId } = holders.get(request)!;
      reply.header('x-accel-buffering', 'no');
      reply.sse.keepAlive();
      const unsubscribe = app.events.subscribe(companyId, {
        send: (message) => {
          if (reply.sse.isConnected) reply.sse.send(message).catch(() => undefined);
        },
        end: () => reply.sse.close(),
      });
      const timer = setTimeout(() => reply.sse.close(), STREAM_MAX_MS);
      timer.unref();
      reply.sse.onClose(() => {
        unsubscribe();
        clearTimeout(timer);
      });
      await reply.sse.send({ event: 'ready', data: { kinds: CHANGE_KINDS } });
    },
  );
};
