import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { insertUser, key, loadUserInfo, type NewUser, type UserInfo } from '../auth/index.js';
import { assertSeatsAvailable } from '../subscriptions/index.js';

export const INVITATION_DAYS = 7;
export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface Invitation {
  id: string;
  email: string;
  roles: string[];
  invitedBy: string;
  invitedByUserName: string | null;
  status: InvitationStatus;
  expiresAt: string;
  createdAt: string;
  acceptedAt: string | null;
}

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
export const INVITATION_SELECT = `SELECT i.id, i.email, i.roles, i.invited_by AS "invitedBy", u.user_name AS "invitedByUserName",
    CASE WHEN i.status = 'pending' AND i.expires_at <= now() THEN 'expired' ELSE i.status END AS status,
    ${ISO('i.expires_at')} AS "expiresAt", ${ISO('i.created_at')} AS "createdAt", ${ISO('i.accepted_at')} AS "acceptedAt"
  FROM invitations i LEFT JOIN users u ON u.company_id = i.company_id AND u.id = i.invited_by`;

export const REFUSALS: Record<Exclude<InvitationStatus, 'pending'>, [code: string, message: string]> = {
  accepted: ['INVITATION_USED', 'This invitation has already been used.'],
  revoked: ['INVITATION_REVOKED', 'This invitation has been revoked. Ask your company administrator for a new one.'],
  expired: ['INVITATION_EXPIRED', 'This invitation has expired. Ask your company administrator for a new one.'],
};

export async function createInvitation(
  q: Queryable,
  companyId: string,
  invitedBy: string,
  email: string,
  roles: string[],
): Promise<Invitation> {
  const id = randomUUID();
  await assertSeatsAvailable(q, 1);
  await q.query(
    `INSERT INTO invitations (company_id, id, email, roles, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))`,
    [companyId, id, email.trim(), roles, invitedBy, INVITATION_DAYS],
  );
  await q.query(`INSERT INTO invitation_directory (invitation_id, company_id) VALUES ($1, $2)`, [id, companyId]);
  const [row] = await q.query<Invitation>(`${INVITATION_SELECT} WHERE i.id = $1`, [id]);
  return row!;
}

/** Unauthenticated look-up: the directory names the company, the rest is read under its RLS. */
export async function findInvitation(db: Database, invitationId: string): Promise<{ companyId: string } | null> {
  const rows = await inPublic(db, (q) =>
    q.query<{ companyId: string }>(
      `SELECT company_id AS "companyId" FROM invitation_directory WHERE invitation_id = $1`,
      [invitationId],
    ),
  );
  return rows[0] ?? null;
}

export async function describeInvitation(db: Database, invitationId: string) {
  const entry = await findInvitation(db, invitationId);
  if (!entry) return null;
  return inTenant(db, entry.companyId, async (q) => {
    const [inv] = await q.query<Invitation>(`${INVITATION_SELECT} WHERE i.id = $1`, [invitationId]);
    const [company] = await q.query<{ companyName: string }>(`SELECT company_name AS "companyName" FROM companies`);
    return inv ? { invitation: inv, companyName: company?.companyName ?? '' } : null;
  });
}

/**
 * Accepts a pending invitation: creates the user in the inviting company with the invited roles,
 * marks the invitation used — all in that company's transaction, the invitation row locked.
 */
export async function acceptInvitation(
  db: Database,
  invitationId: string,
  user: Omit<NewUser, 'email'> & { email?: string },
): Promise<UserInfo> {
  const entry = await findInvitation(db, invitationId);
  if (!entry) throw notFound('This invitation does not exist.');
  return inTenant(db, entry.companyId, async (q) => {
    const [inv] = await q.query<Invitation>(`${INVITATION_SELECT} WHERE i.id = $1 FOR UPDATE OF i`, [invitationId]);
    if (!inv) throw notFound('This invitation does not exist.');
    if (inv.status !== 'pending') {
      const [code, message] = REFUSALS[inv.status];
      throw new ApiError(410, message, code);
    }
    if (user.email !== undefined && key(user.email) !== key(inv.email)) {
      throw badRequest('This invitation was sent to a different email address.', 'email', 'INVITATION_EMAIL_MISMATCH');
    }
    // The pending invitation already holds a seat: accepting it turns the seat into a user.
    await q.query(`UPDATE invitations SET status = 'accepted', accepted_at = now() WHERE id = $1`, [invitationId]);
    const userId = await insertUser(q, entry.companyId, { ...user, email: inv.email }, inv.roles);
    await q.query(`UPDATE invitations SET accepted_user_id = $2 WHERE id = $1`, [invitationId, userId]);
    return (await loadUserInfo(q, userId))!;
  });
}
