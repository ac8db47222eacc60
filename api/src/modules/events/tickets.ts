import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic } from '../../db/tenant.js';
import { ApiError } from '../../lib/errors.js';
import { enterAs } from '../../access/index.js';
import { insertTicket, sweepExpiredTickets, takeTicket } from './queries.js';

/** A ticket opens one stream, once, within this many seconds. */
export const TICKET_TTL_SECONDS = 30;

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** In the caller's transaction: a new ticket (stored hashed), and the expired ones swept. */
export async function issueTicket(q: Queryable, companyId: string, userId: string, sessionId: string) {
  const ticket = randomBytes(32).toString('base64url');
  await sweepExpiredTickets(q);
  const expiresAt = await insertTicket(q, {
    hash: hash(ticket),
    companyId,
    userId,
    sessionId,
    seconds: TICKET_TTL_SECONDS,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses a ticket up (deleted whether or not it was still good, so it never opens a second
 * stream) and answers whose it was — if it had not expired and the session that asked for it is
 * still live, its user active (the check every request makes: a ticket asked for just before a
 * sign-out opens nothing after it).
 */
export async function redeemTicket(
  db: Database,
  ticket: string,
): Promise<{ companyId: string; userId: string } | null> {
  const row = await inPublic(db, (q) => takeTicket(q, hash(ticket)));
  if (!row?.good) return null;
  try {
    await db.transaction((q) => enterAs(q, row.companyId, row.userId, row.sessionId));
  } catch (error) {
    // Refused (a session ended, a user gone or deactivated); a database that cannot answer is not that.
    if (error instanceof ApiError) return null;
    throw error;
  }
  return { companyId: row.companyId, userId: row.userId };
}
