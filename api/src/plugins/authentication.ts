import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { inTenant } from '../db/tenant.js';
import { deactivated, sessionEnded, unauthorized } from '../lib/errors.js';
import { declaredBeforeMfa, inCallerCompany, mfaGate, PERMISSION_KEY, SELF_KEY } from '../access/index.js';
import { callerState } from '../modules/auth/index.js';

/**
 * app.authenticate (an onRequest hook): a valid bearer token whose user still exists (and is active) in the
 * token's company and whose session has not ended, or 401 — a token outlives neither its user, its
 * company nor its session (the same read: the session row is joined, no extra round trip). (On routes that
 * declare a rule the existence is checked by the access plugin's read, before any handler runs.)
 * app.inCompany: the request's work in one transaction bound to the caller's company (RLS), where
 * a route's access rule is checked when its module asked for that (inWorkTransaction).
 * app.inCompanyAsOf: the same for a read that may come from a standby, with the moment it is as of.
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
      const user = await inTenant(app.db, principal.companyId, (q) =>
        callerState(q, principal.userId, principal.sessionId),
      );
      if (!user) throw unauthorized('Your account no longer exists.', 'USER_GONE');
      if (!user.active) throw deactivated();
      if (!user.sessionLive) throw sessionEnded();
      mfaGate(user.mfaDue, declaredBeforeMfa(request));
      request.principal = principal;
    });
    app.decorate('inCompany', (request, fn, plans) => inCallerCompany(app.db, request, fn, plans));
    app.decorate('inCompanyAsOf', async (request, fn) => {
      // A rule still to check is checked on the primary, in the work transaction, as inCompany does.
      if (!request.principal || request.pendingRule) {
        const asOf = new Date();
        return { value: await inCallerCompany(app.db, request, fn), asOf };
      }
      return app.reads.inTenantAsOf(request.principal.companyId, fn);
    });
  },
  { name: 'authentication', dependencies: ['adapters'] },
);
