import type { Queryable } from '../../db/database.js';
import { OWNER, type Permission } from '../../vocabulary.js';

// SQL only.

/** The companies the daily digest has anything to look at for (migration 0033's definer function). */
export const alertCompanies = async (q: Queryable) =>
  (await q.query<{ id: string }>(`SELECT stockwise_alert_companies() AS id`)).map((r) => r.id);

export const companyName = async (q: Queryable) =>
  (await q.query<{ name: string }>(`SELECT company_name AS name FROM companies`))[0]?.name ?? '';

/** Active users who hold a claim: the owner (every claim) or through a role's claim row. */
export const holdersOf = (q: Queryable, claim: Permission) =>
  q.query<{ userId: string; email: string; language: 'en' | 'tr' }>(
    `SELECT DISTINCT u.id AS "userId", u.email, u.language FROM users u
       JOIN user_roles ur ON ur.company_id = u.company_id AND ur.user_id = u.id
       JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id
      WHERE u.deactivated_at IS NULL
        AND ((r.built_in AND r.name = $2)
             OR EXISTS (SELECT 1 FROM role_claims c WHERE c.company_id = r.company_id AND c.role_id = r.id
                           AND c.claim_type = 'permission' AND c.claim_value = $1))
      ORDER BY u.email`,
    [claim, OWNER],
  );

/** Claims today's digest for the bound company; false: it went out already (another replica, an earlier run). */
export async function claimDigest(q: Queryable, companyId: string, day: string, recipients: number, lines: number) {
  const rows = await q.query(
    `INSERT INTO alert_digests (company_id, day, recipients, lines) VALUES ($1, $2::date, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [companyId, day, recipients, lines],
  );
  return rows.length > 0;
}
