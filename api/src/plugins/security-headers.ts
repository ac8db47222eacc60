import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';

export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      // The API answers JSON; the only HTML is /api/docs and the development stand-ins' pages.
      contentSecurityPolicy: false,
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
      ],
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    });
  },
  { name: 'security-headers' },
);
