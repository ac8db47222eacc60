import type { Queryable } from '../../db/database.js';

/** The company's policy: its Owners and Admins must verify a second factor. */
export async function setRequireMfaForAdmins(q: Queryable, companyId: string, on: boolean): Promise<void> {
  await q.query(`UPDATE companies SET require_mfa_for_admins = $2, updated_at = now() WHERE id = $1`, [companyId, on]);
}

export async function requiresMfaForAdmins(q: Queryable, companyId: string): Promise<boolean> {
  const [row] = await q.query<{ on: boolean }>(`SELECT require_mfa_for_admins AS on FROM companies WHERE id = $1`, [
    companyId,
  ]);
  return row?.on ?? false;
}
