import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/**
 * Said once for the whole document: the one timestamp format (lib/schemas.ts, `Timestamp`), and
 * the one place that speaks another protocol's format.
 */
const API_DESCRIPTION = [
  'Multi-tenant inventory tracking — API core.',
  '',
  '**Timestamps.** Every `format: date-time` value in an answer is ISO 8601 in UTC to the millisecond, ' +
    '`2026-03-01T09:30:00.000Z` (what `Date.prototype.toISOString()` gives). A date without a time is ' +
    '`format: date` (`2026-03-01`). Inputs take any ISO 8601 date-time with an offset.',
  '',
  '**The exception: `/auth/v1`** speaks GoTrue’s protocol as supabase-js expects it: a session’s ' +
    '`expires_at` is Unix seconds, `expires_in` seconds, and its rows’ `*_at` are GoTrue’s own. The token ' +
    'answers of `/api/auth` carry the same session (`expires_at` in Unix seconds) for the same client.',
].join('\n');

/** Every route's schema makes the OpenAPI document at /api/docs (and the browser's generated types). */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Stockwise API', version: '0.1.0', description: API_DESCRIPTION },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      hideUntagged: false,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
