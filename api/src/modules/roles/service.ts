import type { Queryable } from '../../db/database.js';
import type { Access } from '../../access/index.js';
import { OWNER, PERMISSIONS, type Permission } from '../../vocabulary.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { endSessions } from '../auth/index.js';
import { recordAudit } from '../audit/index.js';
import * as db from './queries.js';
import type { Claim, MyAccess, Role, RoleClaims } from './schemas.js';

// Roles and their claims. Rules: the six built-in roles cannot be renamed or deleted; the Company
// Owner holds every claim implicitly and cannot lose one; nobody but an owner grants what they do
// not hold themselves (a claim, or a role carrying it) — users.manage is not a way to billing.manage.

async function roleOr404(q: Queryable, id: string, lock = false): Promise<Role> {
  const role = await db.findRole(q, id, lock);
  if (!role) throw notFound('Role not found.');
  return role;
}

const isOwnerRole = (role: Role) => role.builtIn && role.name === OWNER;

export const listRoles = db.listRoles;

/** A role as the audit log keeps it. */
const roleSnapshot = (role: Role) => ({ name: role.name });

export async function createRole(q: Queryable, companyId: string, name: string, actorId: string): Promise<Role> {
  const clean = name.trim();
  if (!clean) throw badRequest('name: must not be blank', 'name');
  const id = await db.insertRole(q, companyId, clean);
  const role = (await db.findRole(q, id))!;
  await recordAudit(q, {
    companyId,
    actorId,
    entity: 'role',
    entityId: id,
    entityName: role.name,
    action: 'create',
    after: roleSnapshot(role),
  });
  return role;
}

export async function renameRole(
  q: Queryable,
  companyId: string,
  id: string,
  name: string,
  actorId: string,
): Promise<Role> {
  const role = await roleOr404(q, id, true);
  if (role.builtIn) throw conflict(`"${role.name}" is a built-in role: it cannot be renamed.`, 'name');
  const clean = name.trim();
  if (!clean) throw badRequest('name: must not be blank', 'name');
  await db.renameRole(q, id, clean);
  const renamed = (await db.findRole(q, id))!;
  await recordAudit(q, {
    companyId,
    actorId,
    entity: 'role',
    entityId: id,
    entityName: renamed.name,
    action: 'update',
    before: roleSnapshot(role),
    after: roleSnapshot(renamed),
  });
  return renamed;
}

export async function deleteRole(q: Queryable, companyId: string, id: string, actorId: string): Promise<void> {
  const role = await roleOr404(q, id, true);
  if (role.builtIn) throw conflict(`"${role.name}" is a built-in role: it cannot be deleted.`);
  if (role.userCount > 0)
    throw conflict(
      `"${role.name}" is held by ${role.userCount} user${role.userCount === 1 ? '' : 's'}: take it from them first.`,
    );
  const invited = await db.pendingInvitationsNaming(q, role.name);
  if (invited > 0)
    throw conflict(
      `"${role.name}" is named by ${invited} pending invitation${invited === 1 ? '' : 's'}: revoke them first.`,
    );
  await recordAudit(q, {
    companyId,
    actorId,
    entity: 'role',
    entityId: id,
    entityName: role.name,
    action: 'delete',
    before: { ...roleSnapshot(role), claims: await claimsSnapshot(q, await db.roleClaims(q, id)) },
  });
  await db.deleteRole(q, id);
}

/** Claims as a person reads them: permissions by name, transaction types by their names. */
async function claimsSnapshot(q: Queryable, claims: Claim[]) {
  const typeIds = claims.filter((c) => c.type === 'transaction-type').map((c) => c.value);
  const names = await db.transactionTypeNames(q, typeIds);
  return {
    permissions: claims
      .filter((c) => c.type === 'permission')
      .map((c) => c.value)
      .sort(),
    transactionTypes: typeIds.map((id) => names.get(id) ?? id).sort(),
  };
}

export async function getClaims(q: Queryable, id: string): Promise<RoleClaims> {
  const role = await roleOr404(q, id);
  if (isOwnerRole(role)) {
    const all: Claim[] = [
      ...PERMISSIONS.map((value) => ({ type: 'permission' as const, value })),
      ...(await db.transactionTypeIds(q)).map((value) => ({ type: 'transaction-type' as const, value })),
    ];
    return { roleId: id, implicit: true, claims: all };
  }
  return { roleId: id, implicit: false, claims: await db.roleClaims(q, id) };
}

export async function putClaims(
  q: Queryable,
  companyId: string,
  id: string,
  claims: Claim[],
  caller: Access & { userId: string },
): Promise<RoleClaims> {
  const role = await roleOr404(q, id, true);
  if (isOwnerRole(role)) throw conflict('The Company Owner role holds every claim and cannot lose any.');
  const types = new Set(await db.transactionTypeIds(q));
  const unknown = claims.filter((c) => c.type === 'transaction-type' && !types.has(c.value));
  if (unknown.length) throw badRequest(`claims: no transaction type ${unknown[0]!.value}`, 'claims');
  const held = await db.roleClaims(q, id);
  if (!caller.owner) {
    const before = new Set(held.map((c) => `${c.type}:${c.value}`));
    const beyond = claims.filter((c) => !before.has(`${c.type}:${c.value}`) && !holdsClaim(caller, c));
    if (beyond.length)
      throw forbidden(`You cannot grant what you do not hold yourself: ${beyond[0]!.type} ${beyond[0]!.value}.`);
  }
  await db.replaceClaims(q, companyId, id, claims);
  const saved = await getClaims(q, id);
  await recordAudit(q, {
    companyId,
    actorId: caller.userId,
    entity: 'role-claims',
    entityId: id,
    entityName: role.name,
    action: 'update',
    before: await claimsSnapshot(q, held),
    after: await claimsSnapshot(q, saved.claims),
  });
  return saved;
}

/** Whether the caller holds a claim: a permission of theirs, or a transaction type they may run. */
const holdsClaim = (caller: Access, claim: Claim) =>
  claim.type === 'permission' ? caller.may(claim.value as Permission) : caller.mayRun(claim.value);

/**
 * Refuses roles that grant what the caller does not hold themselves: a permission, or a
 * transaction type they may not run. Both ways a role reaches a person ask it — given to a member,
 * or named in an invitation, whose acceptance gives exactly those roles — so neither is a way
 * round the other (a `users.manage` holder is no path to `billing.manage`). An owner holds all.
 */
export async function assertMayGrantRoles(q: Queryable, names: string[], caller: Access): Promise<void> {
  if (caller.owner || names.length === 0) return;
  const beyond = (await db.claimsOfRoleNames(q, names)).find((c) => !holdsClaim(caller, c));
  if (!beyond) return;
  const what = beyond.type === 'permission' ? beyond.value : `the transaction type ${beyond.typeName ?? beyond.value}`;
  throw forbidden(`You cannot give a role granting what you do not hold yourself: ${what}.`);
}

export async function setUserRoles(
  q: Queryable,
  companyId: string,
  userId: string,
  names: string[],
  caller: Access & { userId: string; sessionId: string },
): Promise<{ userId: string; roles: string[] }> {
  if (!(await db.userExists(q, userId))) throw notFound('User not found.');
  const found = await db.rolesByName(q, names);
  const unknown = names.filter((n) => !found.some((r) => r.name === n));
  if (unknown.length) throw badRequest(`roles: unknown role ${unknown.map((r) => `"${r}"`).join(', ')}`, 'roles');
  const before = await db.userRoleNames(q, userId, true);
  const added = names.filter((n) => !before.includes(n));
  const removed = before.filter((n) => !names.includes(n));
  if (!caller.owner) {
    if (added.includes(OWNER) || removed.includes(OWNER))
      throw forbidden('Only a Company Owner can give or take the Company Owner role.');
    await assertMayGrantRoles(q, added, caller);
  }
  if (removed.includes(OWNER) && (await db.ownerCount(q, OWNER)) <= 1)
    throw conflict('The company needs at least one Company Owner.', 'roles');
  await db.setUserRoles(
    q,
    companyId,
    userId,
    found.map((r) => r.id),
  );
  // A taken role ends the user's sessions (their tokens name the old roles); one taking a role
  // from themselves keeps the session they are using.
  if (removed.length > 0)
    await endSessions(q, userId, 'role-removed', userId === caller.userId ? { except: caller.sessionId } : {});
  const after = await db.userRoleNames(q, userId);
  await recordAudit(q, {
    companyId,
    actorId: caller.userId,
    entity: 'user-roles',
    entityId: userId,
    entityName: await db.userNameOf(q, userId),
    action: 'update',
    before: { roles: [...before].sort() },
    after: { roles: after },
  });
  return { userId, roles: after };
}

/**
 * Several roles' claims in one action (the access matrix's Save): each role as putClaims, all in
 * the request's one transaction — a refusal for any role leaves every role as it was.
 */
export async function putClaimsOfRoles(
  q: Queryable,
  companyId: string,
  changes: { roleId: string; claims: Claim[] }[],
  caller: Access & { userId: string },
): Promise<RoleClaims[]> {
  const ids = changes.map((c) => c.roleId);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw badRequest(`roles: role ${twice} is named twice`, 'roles');
  const saved: RoleClaims[] = [];
  for (const change of changes) saved.push(await putClaims(q, companyId, change.roleId, change.claims, caller));
  return saved;
}

/** The users who hold any of these roles (their access changes with the roles' claims). */
export const holdersOf = (q: Queryable, roleIds: string[]) => db.holdersOf(q, roleIds);

/** The caller's access as the access plugin read it for this request. */
export function myAccess(access: Access): MyAccess {
  return {
    roles: access.roles,
    permissions: PERMISSIONS.filter((p) => access.may(p)),
    allTransactionTypes: access.owner,
    transactionTypeIds: [...access.transactionTypes].sort(),
  };
}
