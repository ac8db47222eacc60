import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';
import { inTenant } from '../db/tenant.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { OWNER, ADMIN } from '../modules/auth/index.js';

/**
 * Role claims (ASP.NET Identity's shape): a role holds claims `(type, value)`. Type `permission`
 * names what a holder may do; type `transaction-type` with a transaction type's id lets the holder
 * run that type through the engine. The Company Owner holds every claim implicitly: it has no rows
 * and cannot lose any.
 */
export const PERMISSIONS = [
  'items.view',
  'items.receive',
  'items.edit',
  'items.process',
  'items.sell',
  'reports.view',
  'dashboard.view',
  'customers.view',
  'customers.manage',
  'settings.manage',
  'users.manage',
  'billing.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const CLAIM_TYPES = ['permission', 'transaction-type'] as const;

/** The OpenAPI extensions a route declares its rule with; read here and by the generated sweeps. */
export const PERMISSION_KEY = 'x-permission';
export const SELF_KEY = 'x-self';

/**
 * The one authorization point. A route declares in its schema either the permissions that let a
 * caller in — `schema: { ...permit('items.view', 'reports.view'), … }`, any one of them suffices —
 * or `...SELF` (any signed-in user: their own profile and session). The rule lands in the OpenAPI
 * document, and this plugin enforces it for every such route before the handler runs, from the
 * caller's roles and claims read from the database in the request (a token may be hours old, a
 * claim change applies to the next request). What it found is left on request.access for the
 * finer rules (may this caller run that transaction type? only an owner invites an owner).
 */
export const permit = (...permissions: [Permission, ...Permission[]]) => ({ [PERMISSION_KEY]: permissions });
export const SELF = { [SELF_KEY]: true } as const;

export interface Access {
  roles: string[];
  owner: boolean;
  permissions: ReadonlySet<Permission>;
  /** Ids of the transaction types the caller may run (the owner: all, see mayRun). */
  transactionTypes: ReadonlySet<string>;
  may(permission: Permission): boolean;
  mayRun(transactionTypeId: string): boolean;
}

/** The caller's roles and claims, inside the company's transaction; 401 when the user is gone. */
export async function loadAccess(q: Queryable, userId: string): Promise<Access> {
  const rows = await q.query<{ exists: boolean; roles: string[] | null; claims: string[] | null }>(
    `SELECT true AS exists,
            (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
               JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = u.id) AS roles,
            (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
               JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
              WHERE ur.user_id = u.id) AS claims
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw unauthorized('Your account no longer exists.', 'USER_GONE');
  const roles = row.roles ?? [];
  const owner = roles.includes(OWNER);
  const claims = row.claims ?? [];
  const permissions = new Set<Permission>(
    owner
      ? PERMISSIONS
      : claims.filter((c) => c.startsWith('permission:')).map((c) => c.slice('permission:'.length) as Permission),
  );
  const transactionTypes = new Set(
    claims.filter((c) => c.startsWith('transaction-type:')).map((c) => c.slice('transaction-type:'.length)),
  );
  return {
    roles,
    owner,
    permissions,
    transactionTypes,
    may: (p) => permissions.has(p),
    mayRun: (id) => owner || transactionTypes.has(id),
  };
}

export function declaredPermissions(request: FastifyRequest): Permission[] | null {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  const wanted = schema?.[PERMISSION_KEY];
  return Array.isArray(wanted) ? (wanted as Permission[]) : null;
}

const declaredSelf = (request: FastifyRequest) =>
  (request.routeOptions.schema as Record<string, unknown> | undefined)?.[SELF_KEY] === true;

const wording = (wanted: Permission[]) =>
  wanted.length === 1 ? `the ${wanted[0]} permission` : `one of the permissions ${wanted.join(', ')}`;

export const accessPlugin = fp(
  async (app) => {
    app.decorateRequest('roles', null);
    app.decorateRequest('access', null);
    app.addHook('preHandler', async (request) => {
      const wanted = declaredPermissions(request);
      if (!wanted && !declaredSelf(request)) return;
      const p = request.principal;
      if (!p) throw unauthorized();
      const access = await inTenant(app.db, p.companyId, (q) => loadAccess(q, p.userId));
      if (wanted && !wanted.some((w) => access.may(w)))
        throw forbidden(`This needs ${wording(wanted)}; none of your roles grants it.`);
      request.access = access;
      request.roles = access.roles;
    });
  },
  { name: 'access', dependencies: ['authentication'] },
);

export { OWNER, ADMIN };
