import type { Queryable } from '../../db/database.js';
import { INVITATION_DAYS, type Invitation } from './schemas.js';
import { iso } from '../../db/timestamps.js';

const INVITATION = `SELECT i.id, i.email, i.roles, i.invited_by AS "invitedBy", u.user_name AS "invitedByUserName",
    CASE WHEN i.status = 'pending' AND i.expires_at <= now() THEN 'expired' ELSE i.status END AS status,
    ${iso('i.expires_at')} AS "expiresAt", ${iso('i.created_at')} AS "createdAt", ${iso('i.accepted_at')} AS "acceptedAt"
  FROM invitations i LEFT JOIN users u ON u.company_id = i.company_id AND u.id = i.invited_by`;

export const listInvitations = (q: Queryable) => q.query<Invitation>(`${INVITATION} ORDER BY i.created_at DESC`);

export async function findInvitation(q: Queryable, id: string, lock = false): Promise<Invitation | null> {
  const rows = await q.query<Invitation>(`${INVITATION} WHERE i.id = $1${lock ? ' FOR UPDATE OF i' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertInvitation(
  q: Queryable,
  companyId: string,
  id: string,
  invitedBy: string,
  email: string,
  roles: string[],
): Promise<void> {
  await q.query(
    `INSERT INTO invitations (company_id, id, email, roles, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))`,
    [companyId, id, email, roles, invitedBy, INVITATION_DAYS],
  );
  await q.query(`INSERT INTO invitation_directory (invitation_id, company_id) VALUES ($1, $2)`, [id, companyId]);
}

export const knownRoleNames = async (q: Queryable, names: string[]) =>
  (await q.query<{ name: string }>(`SELECT name FROM roles WHERE name = ANY($1::text[])`, [names])).map((r) => r.name);

export const pendingFor = async (q: Queryable, emailKey: string) =>
  (
    await q.query(`SELECT 1 FROM invitations WHERE lower(email) = $1 AND status = 'pending' AND expires_at > now()`, [
      emailKey,
    ])
  ).length > 0;

export const companyName = async (q: Queryable) =>
  (await q.query<{ name: string }>(`SELECT company_name AS name FROM companies`))[0]?.name ?? '';

export const revoke = (q: Queryable, id: string) =>
  q.query(`UPDATE invitations SET status = 'revoked' WHERE id = $1`, [id]);

/** A resent invitation is good for another full term from now. */
export const renew = (q: Queryable, id: string) =>
  q.query(`UPDATE invitations SET expires_at = now() + make_interval(days => $2) WHERE id = $1`, [id, INVITATION_DAYS]);

export async function markAccepted(q: Queryable, id: string): Promise<void> {
  await q.query(`UPDATE invitations SET status = 'accepted', accepted_at = now() WHERE id = $1`, [id]);
}

export const setAcceptedUser = (q: Queryable, id: string, userId: string) =>
  q.query(`UPDATE invitations SET accepted_user_id = $2 WHERE id = $1`, [id, userId]);

/** The directory row naming an invitation's company (read outside any company, before sign-in). */
export async function directoryEntry(q: Queryable, id: string): Promise<{ companyId: string } | null> {
  const rows = await q.query<{ companyId: string }>(
    `SELECT company_id AS "companyId" FROM invitation_directory WHERE invitation_id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
