import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database.js';
import { inTenant, withPlans, type Plans } from '../db/tenant.js';
import {
  deactivated,
  forbidden,
  mfaEnrollmentRequired,
  mfaRequired,
  sessionEnded,
  unauthorized,
} from '../lib/errors.js';
import { OWNER, PERMISSIONS, type MfaDue, type Permission } from '../vocabulary.js';

// The words (permissions, claim types, role names) live in the vocabulary leaf; re-exported here
// for the modules and branches that import them from access.
export { CLAIM_TYPES, PERMISSIONS, type Permission } from '../vocabulary.js';

/** The OpenAPI extensions a route declares its rule with; read here and by the generated sweeps. */
export const PERMISSION_KEY = 'x-permission';
export const SELF_KEY = 'x-self';
export const BEFORE_MFA_KEY = 'x-before-mfa';

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
/**
 * Any signed-in user, also a session that still owes its second factor (see mfaGate): only what
 * completing it needs (the caller's own profile, to show whom the verification is for).
 */
export const SELF_BEFORE_MFA = { [SELF_KEY]: true, [BEFORE_MFA_KEY]: true } as const;

export interface Access {
  roles: string[];
  owner: boolean;
  permissions: ReadonlySet<Permission>;
  /** Ids of the transaction types the caller may run (the owner: all, see mayRun). */
  transactionTypes: ReadonlySet<string>;
  may(permission: Permission): boolean;
  mayRun(transactionTypeId: string): boolean;
}

/** The caller's entry as a statement answers it (stockwise_enter's columns, see ENTRY_COLUMNS). */
export interface AccessRow {
  exists: boolean;
  active: boolean;
  /** Whether the token's session is live; absent when no session is in question (seeds). */
  sessionLive?: boolean;
  /** The second factor the session still owes (absent or null: none). */
  mfaDue?: MfaDue;
  roles: string[] | null;
  claims: string[] | null;
}

/**
 * Business data needs the second factor the caller owes: a user with a verified factor whose
 * session is still aal1 (a password, the spec's login or Google sign-in) verifies it first; an
 * Owner or Admin of a company that requires one enrols first. Routes marked SELF_BEFORE_MFA pass.
 */
export function mfaGate(due: MfaDue | undefined, beforeMfa: boolean): void {
  if (!due || beforeMfa) return;
  throw due === 'verify' ? mfaRequired() : mfaEnrollmentRequired();
}

function toAccess(row: AccessRow | undefined, beforeMfa = false): Access {
  if (!row?.exists) throw unauthorized('Your account no longer exists.', 'USER_GONE');
  // A deactivated user keeps their history but may not act, whatever their token says.
  if (!row.active) throw deactivated();
  // A signed-out device, or one whose password changed, holds tokens of an ended session.
  if (row.sessionLive === false) throw sessionEnded();
  mfaGate(row.mfaDue, beforeMfa);
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

/** The caller's roles and claims, inside the company's transaction; 401 when the user is gone or deactivated. */
export async function loadAccess(q: Queryable, userId: string): Promise<Access> {
  const rows = await q.query<AccessRow>(
    `SELECT true AS exists, u.deactivated_at IS NULL AS active,
            (SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur
               JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = u.id) AS roles,
            (SELECT array_agg(DISTINCT rc.claim_type || ':' || rc.claim_value) FROM user_roles ur
               JOIN role_claims rc ON rc.company_id = ur.company_id AND rc.role_id = ur.role_id
              WHERE ur.user_id = u.id) AS claims
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return toAccess(rows[0]);
}

/**
 * Opens a request's work: in one round trip the transaction becomes the app role bound to the
 * caller's company (as inTenant does) and reads the caller's roles and claims and whether the
 * token's session is live (stockwise_enter, migrations 0008, 0011, 0018) — so checking access costs
 * no transaction of its own. sessionId null: work that no token started (a test's own transaction).
 */
/** stockwise_enter's columns (and stockwise_getuser's first ones) under the names AccessRow reads. */
export const ENTRY_COLUMNS = `user_exists AS exists, active, session_live AS "sessionLive", mfa_due AS "mfaDue", roles, claims`;

export async function enterAs(
  q: Queryable,
  companyId: string,
  userId: string,
  sessionId: string | null,
  beforeMfa = false,
): Promise<Access> {
  return entered(await q.query<AccessRow>(ENTRY, [companyId, userId, sessionId]), sessionId, beforeMfa);
}

const ENTRY = `SELECT ${ENTRY_COLUMNS} FROM stockwise_enter($1::uuid, $2::uuid, $3::uuid)`;

function entered(rows: AccessRow[], sessionId: string | null, beforeMfa: boolean): Access {
  const row = rows[0];
  if (row && sessionId === null) delete row.sessionLive;
  return toAccess(row, beforeMfa);
}

/**
 * The caller's entry as a transaction's opening statement (Database.transaction), sent with BEGIN
 * in one round trip: the ids come from a verified token.
 */
const entryOpening = (p: { companyId: string; userId: string; sessionId: string }) => ({
  sql: ENTRY,
  uuids: [p.companyId, p.userId, p.sessionId],
});

/** A route's rule: the permissions that let a caller in (any one suffices), or 'self'. */
export type Rule = Permission[] | 'self';

/** Throws 403 unless the access satisfies the route's rule. */
export function enforce(rule: Rule, access: Access): void {
  if (rule !== 'self' && !rule.some((w) => access.may(w)))
    throw forbidden(`This needs ${wording(rule)}; none of your roles grants it.`);
}

/**
 * The request's work in one transaction bound to the caller's company. A route whose rule is still
 * to be checked (see inWorkTransaction) has it checked here, from the access read in the same
 * round trip that sets the transaction up, before fn runs: one transaction per request.
 */
export function inCallerCompany<T>(
  db: Database,
  request: FastifyRequest,
  fn: (q: Queryable) => Promise<T>,
  plans: Plans = 'chosen',
) {
  const p = request.principal;
  if (!p) throw unauthorized();
  const rule = request.pendingRule;
  if (!rule) return inTenant(db, p.companyId, fn, plans);
  return db.transaction<T, AccessRow>(
    async (q, entry) => {
      const access = entered(entry, p.sessionId, declaredBeforeMfa(request));
      enforce(rule, access);
      request.pendingRule = null;
      request.access = access;
      request.roles = access.roles;
      return fn(q);
    },
    withPlans(plans, entryOpening(p)),
  );
}

/**
 * The request's whole work as ONE statement, outside any transaction: a SQL function that runs the
 * caller's entry first (stockwise_enter: app role, company bound, the session checked live) and
 * then reads, answering the entry's columns with what it read (stockwise_getuser). BEGIN and
 * COMMIT are two of a read's four round trips; here there is one. The entry's columns are checked
 * exactly as inCallerCompany checks them — a revoked session or a deactivated user is refused
 * before anything read is handed back.
 */
export async function inCallerStatement<R extends AccessRow>(
  request: FastifyRequest,
  read: (companyId: string, userId: string, sessionId: string) => Promise<R | undefined>,
): Promise<R> {
  const p = request.principal;
  if (!p) throw unauthorized();
  const row = await read(p.companyId, p.userId, p.sessionId);
  const access = toAccess(row, declaredBeforeMfa(request));
  if (request.pendingRule) enforce(request.pendingRule, access);
  request.pendingRule = null;
  request.access = access;
  request.roles = access.roles;
  return row!;
}

/**
 * onRequest hook for a routes plugin whose every handler does its work through app.inCompany, first
 * thing: the access check then runs inside that work transaction instead of a transaction of its
 * own. (A handler that answers without calling app.inCompany would skip the check: the onSend
 * guard below turns such an answer into a 500, and the generated role sweeps find it.)
 */
export async function inWorkTransaction(request: FastifyRequest) {
  request.checkInWork = true;
}

export function declaredPermissions(request: FastifyRequest): Permission[] | null {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  const wanted = schema?.[PERMISSION_KEY];
  return Array.isArray(wanted) ? (wanted as Permission[]) : null;
}

const declaredSelf = (request: FastifyRequest) =>
  (request.routeOptions.schema as Record<string, unknown> | undefined)?.[SELF_KEY] === true;

/** The route passes a session that still owes its second factor (SELF_BEFORE_MFA). */
export const declaredBeforeMfa = (request: FastifyRequest) =>
  (request.routeOptions.schema as Record<string, unknown> | undefined)?.[BEFORE_MFA_KEY] === true;

const wording = (wanted: Permission[]) =>
  wanted.length === 1 ? `the ${wanted[0]} permission` : `one of the permissions ${wanted.join(', ')}`;

export const accessPlugin = fp(
  async (app) => {
    app.decorateRequest('roles', null);
    app.decorateRequest('access', null);
    app.decorateRequest('pendingRule', null);
    app.decorateRequest('checkInWork', false);
    app.addHook('preHandler', async (request) => {
      const wanted = declaredPermissions(request);
      if (!wanted && !declaredSelf(request)) return;
      const p = request.principal;
      if (!p) throw unauthorized();
      const rule: Rule = wanted ?? 'self';
      if (request.checkInWork) {
        request.pendingRule = rule;
        return;
      }
      // The entry alone, as one autocommit statement: its role and company last that statement only.
      const access = entered(
        await app.db.query<AccessRow>(ENTRY, [p.companyId, p.userId, p.sessionId]),
        p.sessionId,
        declaredBeforeMfa(request),
      );
      enforce(rule, access);
      request.access = access;
      request.roles = access.roles;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.pendingRule || reply.statusCode >= 400) return payload;
      request.log.error('a route that checks access in its work transaction answered without one');
      reply.code(500).type('application/json');
      return JSON.stringify({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      });
    });
  },
  { name: 'access', dependencies: ['authentication'] },
);

export { OWNER, ADMIN } from '../vocabulary.js';
