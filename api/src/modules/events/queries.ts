import type { Queryable } from '../../db/database.js';

// The live-update module's SQL: open streams (event_streams, counted per user and company on all
// replicas) and the one-time tickets that open them (event_tickets, stored hashed). Each function
// runs on the caller's Queryable: the company's transaction, or the public one for the sweeps.

// ── streams ──

/** Drops the company's stream rows not renewed for `lapseSeconds` (their replica died). */
export const sweepLapsedStreams = (q: Queryable, companyId: string, lapseSeconds: number) =>
  q.query(`DELETE FROM event_streams WHERE company_id = $1 AND seen_at < now() - make_interval(secs => $2)`, [
    companyId,
    lapseSeconds,
  ]);

/** The company's open streams, oldest first, each marked when it is the user's. */
export const companyStreams = (q: Queryable, companyId: string, userId: string) =>
  q.query<{ id: string; mine: boolean }>(
    `SELECT id, user_id = $2 AS mine FROM event_streams WHERE company_id = $1 ORDER BY opened_at`,
    [companyId, userId],
  );

/** Holds the company's stream admissions until the transaction ends (one admission at a time). */
export const lockCompanyStreams = (q: Queryable, companyId: string) =>
  q.query(`SELECT pg_advisory_xact_lock(hashtextextended('event_streams ' || $1, 0))`, [companyId]);

export const deleteStreams = (q: Queryable, ids: string[]) =>
  q.query(`DELETE FROM event_streams WHERE id = ANY($1::uuid[])`, [ids]);

export const insertStream = (q: Queryable, streamId: string, companyId: string, userId: string) =>
  q.query(`INSERT INTO event_streams (id, company_id, user_id) VALUES ($1, $2, $3)`, [streamId, companyId, userId]);

/** Marks the streams seen now; answers the ids whose rows are still there. */
export const touchStreams = (q: Queryable, ids: string[]) =>
  q.query<{ id: string }>(`UPDATE event_streams SET seen_at = now() WHERE id = ANY($1::uuid[]) RETURNING id`, [ids]);

// ── tickets ──

export const sweepExpiredTickets = (q: Queryable) => q.query(`DELETE FROM event_tickets WHERE expires_at < now()`);

/** Stores a ticket's hash for `seconds`; answers when it expires. */
export async function insertTicket(
  q: Queryable,
  t: { hash: string; companyId: string; userId: string; sessionId: string; seconds: number },
): Promise<Date> {
  const [row] = await q.query<{ expiresAt: Date }>(
    `INSERT INTO event_tickets (ticket_hash, company_id, user_id, session_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING expires_at AS "expiresAt"`,
    [t.hash, t.companyId, t.userId, t.sessionId, t.seconds],
  );
  return row!.expiresAt;
}

/** Deletes the ticket with this hash, good or not, and answers whose it was and whether it was still good. */
export async function takeTicket(
  q: Queryable,
  hash: string,
): Promise<{ companyId: string; userId: string; sessionId: string | null; good: boolean } | null> {
  const [row] = await q.query<{ companyId: string; userId: string; sessionId: string | null; good: boolean }>(
    `DELETE FROM event_tickets WHERE ticket_hash = $1
     RETURNING company_id AS "companyId", user_id AS "userId", session_id AS "sessionId", expires_at > now() AS good`,
    [hash],
  );
  return row ?? null;
}
