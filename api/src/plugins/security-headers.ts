import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET: HelmetOptions = {
  // The API answers JSON; the only HTML is /api/docs (scripts from its own files) and the
  // development stand-ins' pages (no scripts; inline styles; forms that post back here).
  // The browser apps' documents get the gateway's policy (scripts/lib/csp.mjs).
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * helmet's headers, set once: with static options (no nonce, no directive computed from the request)
 * its middleware sets the same headers on every response. @fastify/helmet built a new middleware — its
 * options validated, the policy's directives parsed and joined — in two hooks on every request, ≈ 7 µs
 * of CPU a response (docs/benchmarks.md, "Lever 14"); here the middleware runs
 * once against a recorder and each response gets the recorded headers, set on the raw response as
 * helmet sets them (so a hijacked response, a stream, keeps them too).
 */
export function securityHeaders(options: HelmetOptions = HELMET): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export const securityHeadersPlugin = fp(
  async (app) => {
    const headers = securityHeaders();
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
    await app.register(cors, {
      origin: (origin, cb) => cb(null, !origin || app.config.corsOrigins.includes(origin)),
      credentials: false,
      allowedHeaders: [
        'authorization',
        'content-type',
        'x-request-id',
        'apikey',
        'x-client-info',
        'x-upsert',
        'cache-control',
        // A till's queued sale or reception, safe to resend (modules/idempotency).
        'idempotency-key',
      ],
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    });
  },
  { name: 'security-headers' },
);
