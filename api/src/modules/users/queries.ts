import type { Queryable } from '../../db/database.js';
import type { CompanyUser } from './schemas.js';
import { iso } from '../../db/timestamps.js';

const USER = `SELECT u.id, u.user_name AS "userName", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
    u.profile_picture_url AS "profilePictureUrl",
    coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r
               ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
    u.deactivated_at IS NULL AS active,
    ${iso('u.created_at')} AS "createdAt"
  FROM users u`;

export const listUsers = (q: Queryable) => q.query<CompanyUser>(`${USER} ORDER BY u.user_name`);

export async function findUser(q: Queryable, id: string, lock = false): Promise<CompanyUser | null> {
  const rows = await q.query<CompanyUser>(`${USER} WHERE u.id = $1${lock ? ' FOR UPDATE OF u' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The language the caller reads the product in (their own row: RLS binds the company). */
export async function setLanguage(q: Queryable, id: string, language: string) {
  const rows = await q.query<{ language: string }>(
    `UPDATE users SET language = $2, updated_at = now() WHERE id = $1 RETURNING language`,
    [id, language],
  );
  return rows[0] ?? null;
}

export const setDeactivated = (q: Queryable, id: string, deactivated: boolean) =>
  q.query(`UPDATE users SET deactivated_at = CASE WHEN $2::boolean THEN now() END, updated_at = now() WHERE id = $1`, [
    id,
    deactivated,
  ]);
