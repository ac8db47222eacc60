import type { Queryable } from '../../db/database.js';
import type { Claim, Role } from './schemas.js';

const ROLE = `SELECT r.id, r.name, r.built_in AS "builtIn",
  (SELECT count(*)::int FROM user_roles ur WHERE ur.role_id = r.id) AS "userCount" FROM roles r`;

export const listRoles = (q: Queryable) => q.query<Role>(`${ROLE} ORDER BY r.built_in DESC, r.name`);

export async function findRole(q: Queryable, id: string, lock = false): Promise<Role | null> {
  const rows = await q.query<Role>(`${ROLE} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertRole(q: Queryable, companyId: string, name: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(`INSERT INTO roles (company_id, name) VALUES ($1, $2) RETURNING id`, [
    companyId,
    name,
  ]);
  return row!.id;
}

export const renameRole = (q: Queryable, id: string, name: string) =>
  q.query(`UPDATE roles SET name = $2 WHERE id = $1`, [id, name]);

export const deleteRole = (q: Queryable, id: string) => q.query(`DELETE FROM roles WHERE id = $1`, [id]);

export const pendingInvitationsNaming = async (q: Queryable, name: string) =>
  (
    await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invitations WHERE status = 'pending' AND expires_at > now() AND $1 = ANY(roles)`,
      [name],
    )
  )[0]!.n;

export const roleClaims = (q: Queryable, roleId: string) =>
  q.query<Claim>(
    `SELECT claim_type AS type, claim_value AS value FROM role_claims WHERE role_id = $1 ORDER BY claim_type, claim_value`,
    [roleId],
  );

export const transactionTypeIds = async (q: Queryable) =>
  (await q.query<{ id: string }>(`SELECT id FROM transaction_types ORDER BY name`)).map((r) => r.id);

export async function replaceClaims(q: Queryable, companyId: string, roleId: string, claims: Claim[]): Promise<void> {
  await q.query(`DELETE FROM role_claims WHERE role_id = $1`, [roleId]);
  if (!claims.length) return;
  await q.query(
    `INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
     SELECT $1, $2, t, v FROM unnest($3::text[], $4::text[]) AS c(t, v) ON CONFLICT DO NOTHING`,
    [companyId, roleId, claims.map((c) => c.type), claims.map((c) => c.value)],
  );
}

export const rolesByName = (q: Queryable, names: string[]) =>
  q.query<{ id: string; name: string }>(`SELECT id, name FROM roles WHERE name = ANY($1::text[])`, [names]);

/**
 * Every claim the named roles grant (the owner's are implicit, so it has no rows): permissions,
 * and transaction types with their names for a refusal to say.
 */
export const claimsOfRoleNames = (q: Queryable, names: string[]) =>
  q.query<Claim & { typeName: string | null }>(
    `SELECT DISTINCT rc.claim_type AS type, rc.claim_value AS value, tt.name AS "typeName"
       FROM roles r
       JOIN role_claims rc ON rc.company_id = r.company_id AND rc.role_id = r.id
       LEFT JOIN transaction_types tt
         ON rc.claim_type = 'transaction-type' AND tt.company_id = rc.company_id AND tt.id::text = rc.claim_value
      WHERE r.name = ANY($1::text[])
      ORDER BY 1, 2`,
    [names],
  );

export const userRoleNames = async (q: Queryable, userId: string, lock = false) =>
  (
    await q.query<{ name: string }>(
      `SELECT r.name FROM user_roles ur JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id
        WHERE ur.user_id = $1 ORDER BY r.name${lock ? ' FOR UPDATE OF ur' : ''}`,
      [userId],
    )
  ).map((r) => r.name);

export const userExists = async (q: Queryable, userId: string) =>
  (await q.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId])).length > 0;

export const ownerCount = async (q: Queryable, ownerRoleName: string) =>
  (
    await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_roles ur JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id
        WHERE r.name = $1 AND r.built_in`,
      [ownerRoleName],
    )
  )[0]!.n;

export async function setUserRoles(q: Queryable, companyId: string, userId: string, roleIds: string[]): Promise<void> {
  await q.query(`DELETE FROM user_roles WHERE user_id = $1`, [userId]);
  await q.query(`INSERT INTO user_roles (company_id, user_id, role_id) SELECT $1, $2, unnest($3::uuid[])`, [
    companyId,
    userId,
    roleIds,
  ]);
}

export const holdersOf = async (q: Queryable, roleIds: string[]): Promise<string[]> =>
  (
    await q.query<{ userId: string }>(
      `SELECT DISTINCT user_id AS "userId" FROM user_roles WHERE role_id = ANY($1::uuid[])`,
      [roleIds],
    )
  ).map((r) => r.userId);

/** Transaction types' names by id (the audit log names them, not their ids). */
export const transactionTypeNames = async (q: Queryable, ids: string[]) =>
  new Map(
    (
      await q.query<{ id: string; name: string }>(`SELECT id, name FROM transaction_types WHERE id = ANY($1::uuid[])`, [
        ids,
      ])
    ).map((r) => [r.id, r.name]),
  );

export const userNameOf = async (q: Queryable, userId: string) =>
  (await q.query<{ name: string }>(`SELECT user_name AS name FROM users WHERE id = $1`, [userId]))[0]?.name ?? null;
