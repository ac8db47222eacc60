import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { inTenant } from '../db/tenant.js';
import { unauthorized } from '../lib/errors.js';

/**
 * app.authenticate (an onRequest hook): a valid bearer token whose user still exists in the
 * token's company, or 401 — a token outlives neither its user nor its company.
 * app.inCompany: the request's work in one transaction bound to the caller's company (RLS).
 */
export const authenticationPlugin = fp(
  async (app) => {
    app.decorateRequest('principal', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw unauthorized();
      const principal = await app.tokens.verify(match[1]!);
      const exists = await inTenant(app.db, principal.companyId, (q) =>
        q.query(`SELECT 1 FROM users WHERE id = $1`, [principal.userId]),
      );
      if (exists.length === 0) throw unauthorized('Your account no longer exists.', 'USER_GONE');
      request.principal = principal;
    });
    app.decorate('inCompany', (request, fn) => {
      if (!request.principal) throw unauthorized();
      return inTenant(app.db, request.principal.companyId, fn);
    });
  },
  { name: 'authentication', dependencies: ['adapters'] },
);
