import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';

export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
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
