import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { fastifySSE as sse } from '@fastify/sse';
import { loadAccess, SELF } from '../../access/index.js';
import { inTenant } from '../../db/tenant.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { answers } from '../../lib/schemas.js';
import type { Listener } from './hub.js';
import { CHANGE_KINDS, CHANGED_RESOURCES, type CloseReason } from './publisher.js';
import * as S from './schemas.js';
import { admitStream, checkRoom, forgetStreams, STREAMS_PER_COMPANY, STREAMS_PER_USER } from './streams.js';
import { issueTicket, redeemTicket, TICKET_TTL_SECONDS } from './tickets.js';

/** A comment line this often keeps proxies (which cut idle connections at 30–60 s) from closing a stream. */
export const HEARTBEAT_MS = 15_000;
/** A stream ends after this long; the browser opens the next with a new ticket, which needs a valid token. */
export const STREAM_MAX_MS = 15 * 60_000;

/**
 * A stream from its admission (before its first byte) to its end. It listens from before the
 * holder's access is read, so a deactivation or role change committed after that read is never
 * missed; what arrives before the stream is answering is dropped (the browser fetches on `ready`).
 */
class OpenStream implements Listener {
  readonly id = randomUUID();
  private reply: FastifyReply | null = null;
  ended = false;
  admitted = false;
  view: Listener['view'] = () => null;
  /** Removes it from the hub (and its row); safe to call more than once. */
  leave: () => void = () => undefined;
  constructor(readonly userId: string) {}

  attach(reply: FastifyReply): void {
    this.reply = reply;
    if (this.ended) reply.sse.close();
  }
  send(message: Parameters<Listener['send']>[0]): void {
    if (this.reply?.sse.isConnected) this.reply.sse.send(message).catch(() => undefined);
  }
  end(reason?: CloseReason): void {
    if (this.ended) return;
    this.ended = true;
    const reply = this.reply;
    // Not answering yet (or never will: refused before its handler): nothing to tell, but it must
    // not stay in the hub, where its row would be renewed and counted for good.
    if (!reply) return this.leave();
    if (!reason || !reply.sse.isConnected) return reply.sse.close();
    // Told why before it closes: a tab replaced by a newer one stays quiet instead of reconnecting.
    void reply.sse
      .send({ event: 'closed', data: { reason } })
      .catch(() => undefined)
      .finally(() => reply.sse.close());
  }
}

/** The stream a request opens, from its redeemed ticket. */
const opening = new WeakMap<FastifyRequest, { stream: OpenStream; unsubscribe: () => void }>();

const silent = () =>
  forbidden('Live updates need a role that may see some of the company’s data: none of your roles grants any.');

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
        description: `A single-use ticket for GET /api/events/stream, good for ${TICKET_TTL_SECONDS} s: EventSource cannot send the bearer header, and the token must never be in a URL. 403 when none of the caller’s roles may read anything a change names; 429 when the company already has ${STREAMS_PER_COMPANY} streams open (a user past ${STREAMS_PER_USER} has their oldest closed instead).`,
        response: answers(S.TicketAnswer, 201),
      },
    },
    async (request, reply) => {
      const { companyId, userId } = request.principal!;
      if (!app.events.readers.mayReadAny(request.access!, CHANGED_RESOURCES)) throw silent();
      const ticket = await app.inCompany(request, async (q) => {
        await checkRoom(q, companyId, userId);
        return issueTicket(q, companyId, userId, request.principal!.sessionId);
      });
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
        description: `Server-Sent Events for the ticket holder’s company only, and of it only what the holder’s roles may read (a change lists only those resources, and its ids only when the changed thing is one). Opened with a ticket from POST /api/events/ticket (used up here; a used, expired or unknown one: 401; the company's streams full: 429). Events: \`ready\` on open; ${CHANGE_KINDS.map((k) => `\`${k}\``).join(', ')} with data \`{kind, resources, ids, count}\` (resources: the API resources to refetch; ids: null past 100); \`resync\` after the server lost changes (refetch everything); \`closed\` with data \`{reason}\` just before the server ends the stream early: \`too-many-streams\` (the holder opened more than ${STREAMS_PER_USER}; this, the oldest, is replaced — do not reconnect until the page is in use again) or \`access-changed\` (reconnect with a new ticket) or \`lapsed\` (the server lost count of it: reconnect with a new ticket). A comment every ${HEARTBEAT_MS / 1000} s; the stream ends after ${STREAM_MAX_MS / 60_000} min — reconnect with a new ticket.`,
        querystring: S.StreamQuery,
        produces: ['text/event-stream'],
      },
      // Before any byte of the stream: a bad ticket, a deactivated holder or a full company is an ordinary JSON answer.
      preHandler: async (request, reply) => {
        const holder = await redeemTicket(app.db, (request.query as { ticket: string }).ticket);
        if (!holder)
          throw unauthorized('This stream ticket is unknown, used or expired: ask for a new one.', 'TICKET_INVALID');
        const stream = new OpenStream(holder.userId);
        const unsubscribe = (stream.leave = app.events.subscribe(holder.companyId, stream));
        // The handler's onClose is not the only way out: @fastify/sse answers 406 itself, without
        // the handler, to a client that does not accept event streams, and a client may leave
        // before the handler runs. The connection's end removes the stream whichever way it goes.
        reply.raw.once('close', unsubscribe);
        try {
          const access = await inTenant(app.db, holder.companyId, async (q) => {
            const found = await loadAccess(q, holder.userId);
            if (!app.events.readers.mayReadAny(found, CHANGED_RESOURCES)) throw silent();
            await admitStream(q, holder.companyId, holder.userId, stream.id);
            return found;
          });
          stream.view = (change) => app.events.readers.view(access, change);
          stream.admitted = true;
        } catch (error) {
          unsubscribe();
          throw error;
        }
        // Gone or ended while it was admitted: its removal looked for the row before the row was committed.
        if (reply.raw.destroyed || stream.ended) await forgetStreams(app.db, [stream.id]);
        opening.set(request, { stream, unsubscribe });
      },
    },
    async (request, reply) => {
      const { stream, unsubscribe } = opening.get(request)!;
      reply.header('x-accel-buffering', 'no');
      reply.sse.keepAlive();
      const timer = setTimeout(() => reply.sse.close(), STREAM_MAX_MS);
      timer.unref();
      reply.sse.onClose(() => {
        unsubscribe();
        clearTimeout(timer);
      });
      await reply.sse.send({ event: 'ready', data: { kinds: CHANGE_KINDS } });
      stream.attach(reply);
    },
  );
};
