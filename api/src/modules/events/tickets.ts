import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';

/** A ticket opens one stream, once, within this many seconds. */
export const TICKET_TTL_SECONDS = 30;

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** In the caller's transaction: a new ticket (stored hashed), and the expired ones swept. */
export async function issueTicket(q: Queryable, companyId: string, userId: string) {
  const ticket = randomBytes(32).toString('base64url');
  await q.query(`DELETE FROM event_tickets WHERE expires_at < now()`);
  const [row] = await q.query<{ expiresAt: Date }>(
    `INSERT INTO event_tickets (ticket_hash, company_id, user_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at AS "expiresAt"`,
    [hash(ticket), companyId, userId, TICKET_TTL_SECONDS],
  );
  return { ticket, expiresAt: row!.expiresAt.toISOString() };
}

/**
 * Uses a ticket up (deleted whether or not it was still good, so it never opens a second
 * stream) and answers whose it was — if it had not expired and its user still exists.
 */
export async function redeemTicket(
  db: Database,
  ticket: string,
): Promise<{ companyId: string; userId: string } | null> {
  const [row] = await inPublic(db, (q) =>
    q.query<{ companyId: string; userId: string; good: boolean }>(
      `DELETE FROM event_tickets WHERE ticket_hash = $1
       RETURNING company_id AS "companyId", user_id AS "userId", expires_at > now() AS good`,
      [hash(ticket)],
    ),
  );
  if (!row?.good) return null;
  const user = await inTenant(db, row.companyId, (q) => q.query(`SELECT 1 FROM users WHERE id = $1`, [row.userId]));
  return user.length ? { companyId: row.companyId, userId: row.userId } : null;
}
