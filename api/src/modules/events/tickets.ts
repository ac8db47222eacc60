import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { insertTicket, sweepExpiredTickets, takeTicket, userExists } from './queries.js';

/** A ticket opens one stream, once, within this many seconds. */
export const TICKET_TTL_SECONDS = 30;

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** In the caller's transaction: a new ticket (stored hashed), and the expired ones swept. */
export async function issueTicket(q: Queryable, companyId: string, userId: string) {
  const ticket = randomBytes(32).toString('base64url');
  await sweepExpiredTickets(q);
  const expiresAt = await insertTicket(q, { hash: hash(ticket), companyId, userId, seconds: TICKET_TTL_SECONDS });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses a ticket up (deleted whether or not it was still good, so it never opens a second
 * stream) and answers whose it was — if it had not expired and its user still exists.
 */
export async function redeemTicket(
  db: Database,
  ticket: string,
): Promise<{ companyId: string; userId: string } | null> {
  const row = await inPublic(db, (q) => takeTicket(q, hash(ticket)));
  if (!row?.good) return null;
  const exists = await inTenant(db, row.companyId, (q) => userExists(q, row.userId));
  return exists ? { companyId: row.companyId, userId: row.userId } : null;
}
