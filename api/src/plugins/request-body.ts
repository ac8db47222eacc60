import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { assertJsonDepth } from '../lib/json-depth.js';
import { refuseNulCharacters } from '../lib/text-input.js';

/**
 * The largest refused body the connection stays open for. Fastify answers a body over the limit
 * with `Connection: close`; closing while the client is still sending makes the kernel reset the
 * connection, and the client (or the gateway, which then answers 502) loses the 413. Without
 * that header Node reads the rest of the body and throws it away after answering, and the request
 * timeout bounds how long. A body announced larger than this is not worth reading: its client
 * gets the answer and a closed connection.
 */
export const KEEP_OPEN_FOR_BODIES_UP_TO = 32 * 1024 * 1024;

/** How long a refused body is read after the answer before the connection closes anyway. */
export const LINGER_MS = 2000;

/**
 * For a client that sent `Connection: close`: keeps the connection open after a refusal until the
 * client's body has arrived (or LINGER_MS), then closes it gracefully. Node would otherwise destroy
 * the socket the moment the answer is written, with the body's remainder unread: the kernel answers
 * that with a reset, and the client can lose the answer it had not read yet. A keep-alive client
 * (a browser, the gateway's pool) is left alone: Node reads the rest and the connection goes on
 * serving, and closing it here would fail the next request already sent on it.
 */
export function lingerAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as Partial<IncomingMessage['socket']> | undefined;
  // An injected request (tests, light-my-request) has no connection to keep or close.
  if (res.shouldKeepAlive || typeof socket?.end !== 'function') return;
  res.shouldKeepAlive = true;
  res.once('finish', () => {
    const close = () => socket.end?.();
    if (req.complete) return close();
    req.once('end', close);
    setTimeout(close, LINGER_MS).unref();
  });
}

/**
 * What every JSON body goes through before a route sees it: a nesting cap checked on the text
 * (so a 5,000-level document is a 400, not a stack overflow), Fastify's own parser with its
 * prototype-poisoning guard, and no NUL character anywhere in params, query or body.
 */
export const requestBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      try {
        assertJsonDepth(text);
      } catch (error) {
        done(error as Error, undefined);
        return;
      }
      parse(request, text, done);
    });
    // Every 413 (a route's body limit, an upload's file limit, announced or found while reading).
    app.addHook('onError', async (request, reply, error) => {
      if ((error as { statusCode?: number }).statusCode !== 413 || request.raw.complete) return;
      if (Number(request.headers['content-length']) > KEEP_OPEN_FOR_BODIES_UP_TO) return;
      reply.removeHeader('connection');
      lingerAfterAnswer(request.raw, reply.raw);
    });
    app.addHook('preValidation', async (request) => {
      refuseNulCharacters(request.params);
      refuseNulCharacters(request.query);
      refuseNulCharacters(request.body);
    });
  },
  { name: 'request-body' },
);
