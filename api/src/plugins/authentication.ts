import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { inTenant } from '../db/tenant.js';
import { deactivated, unauthorized } from '../lib/errors.js';
import { inCallerCompany, PERMISSION_KEY, SELF_KEY } from '../access/index.js';

/**
 * app.authenticate (an onRequest hook): a valid bearer token whose user still exists (and is active) in the
 * token's company, or 401 — a token outlives neither its user nor its company. (On routes that
 * declare a rule the existence is checked by the access plugin's read, before any handler runs.)
 * app.inCompany: the request's work in one transaction bound to the caller's company (RLS), where
 * a route's access rule is checked when its module asked for that (inWorkTransaction).
 */
export const authenticationPlugin = fp(
  async (app) => {
    app.decorateRequest('principal', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw unauthorized();
      const principal = await app.tokens.verify(match[1]!);
      request.principal = principal;
      // A route that declares a rule is checked by the access plugin, whose one read of the
      // caller's roles and claims also answers 401 when the user is gone: no second round trip.
      const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
      if (schema?.[PERMISSION_KEY] || schema?.[SELF_KEY]) return;
      request.principal = null;
      const [user] = await inTenant(app.db, principal.companyId, (q) =>
        q.query<{ active: boolean }>(`SELECT deactivated_at IS NULL AS active FROM users WHERE id = $1`, [
          principal.userId,
        ]),
      );
      if (!user) throw unauthorized('Your account no longer exists.', 'USER_GONE');
      if (!user.active) throw deactivated();
      request.principal = principal;
    });
    app.decorate('inCompany', (request, fn) => inCallerCompany(app.db, request, fn));
  },
  { name: 'authentication', dependencies: ['adapters'] },
);
