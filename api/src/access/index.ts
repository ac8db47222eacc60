import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { inTenant } from '../db/tenant.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { currentRoles, OWNER, ADMIN } from '../modules/auth/accounts.js';

/** The OpenAPI extension a route declares its roles with; read here and by the role sweep. */
export const ROLES_KEY = 'x-roles';

/**
 * The one authorization point. A route declares who may call it in its schema —
 * `schema: { ...allow(OWNER, ADMIN), … }` — so the rule is in the OpenAPI document, and this
 * plugin enforces it for every such route before its handler runs: the caller's roles are read
 * from the database (a token may be hours old), never from the token. The roles found are left
 * on request.roles for finer rules inside a handler (only an owner invites an owner).
 */
export const allow = (...roles: string[]) => ({ [ROLES_KEY]: roles });
export const MANAGERS = allow(OWNER, ADMIN);
export const OWNERS = allow(OWNER);

const wording = (roles: string[]) =>
  roles.length === 1 ? `a ${roles[0]}` : `a ${roles.slice(0, -1).join(', a ')} or an ${roles[roles.length - 1]}`;

export function declaredRoles(request: FastifyRequest): string[] | null {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  const roles = schema?.[ROLES_KEY];
  return Array.isArray(roles) ? (roles as string[]) : null;
}

export const accessPlugin = fp(
  async (app) => {
    app.decorateRequest('roles', null);
    app.addHook('preHandler', async (request) => {
      const wanted = declaredRoles(request);
      if (!wanted) return;
      const p = request.principal;
      if (!p) throw unauthorized();
      const roles = await inTenant(app.db, p.companyId, (q) => currentRoles(q, p.userId));
      if (!roles.some((r) => wanted.includes(r))) throw forbidden(`Only ${wording(wanted)} can do this.`);
      request.roles = roles;
    });
  },
  { name: 'access', dependencies: ['authentication'] },
);

export { OWNER, ADMIN };
