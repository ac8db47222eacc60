import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { assertJsonDepth } from '../lib/json-depth.js';
import { refuseNulCharacters } from '../lib/text-input.js';

/**
 * The most of a refused body read and thrown away so that its 413 arrives whole: a server that
 * answers and closes while the client is still sending makes the kernel reset the connection,
 * and the client (or the gateway, which then answers 502) loses the answer. More than this is
 * not worth reading: such a client gets the answer and a closed connection.
 */
export const DRAIN_LIMIT = 32 * 1024 * 1024;

/** Reads the rest of `raw` (up to DRAIN_LIMIT) and discards it; resolves at its end or close. */
export function drainBody(raw: IncomingMessage): Promise<void> {
  const announced = Number(raw.headers['content-length']);
  if (raw.complete || raw.destroyed || announced > DRAIN_LIMIT) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      raw.off('data', count);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT) finish();
    };
    raw.on('data', count);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
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
    // Every 413 (a route's body limit, an upload's file limit, announced or found while reading)
    // waits for the rest of the body before it is sent; the request timeout bounds the wait.
    app.addHook('onError', async (request, _reply, error) => {
      if ((error as { statusCode?: number }).statusCode === 413) await drainBody(request.raw);
    });
    app.addHook('preValidation', async (request) => {
      refuseNulCharacters(request.params);
      refuseNulCharacters(request.query);
      refuseNulCharacters(request.body);
    });
  },
  { name: 'request-body' },
);
