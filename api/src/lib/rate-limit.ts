import type { Database, Queryable } from '../db/database.js';
import { inPublic } from '../db/tenant.js';
import { tooManyRequests } from './errors.js';

/**
 * Sliding-window counters in PostgreSQL (shared by every replica): one row per counted event.
 * Run inside a transaction as the app role.
 */
export async function countEvents(q: Queryable, key: string, windowSeconds: number): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1 AND at > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  return rows[0]?.n ?? 0;
}

export async function recordEvent(q: Queryable, key: string, windowSeconds: number): Promise<void> {
  await q.query(`DELETE FROM rate_limit_events WHERE key = $1 AND at <= now() - make_interval(secs => $2)`, [
    key,
    windowSeconds,
  ]);
  await q.query(`INSERT INTO rate_limit_events (key) VALUES ($1)`, [key]);
}

export async function clearEvents(q: Queryable, key: string): Promise<void> {
  await q.query(`DELETE FROM rate_limit_events WHERE key = $1`, [key]);
}

/**
 * Counts this hit unless the key is at its limit. Answers null when counted, else the seconds until
 * the oldest counted event leaves the window (what a Retry-After header says).
 */
export async function take(q: Queryable, key: string, limit: number, windowSeconds: number): Promise<number | null> {
  // Count-then-insert under READ COMMITTED lets parallel requests all see the same count and all
  // pass; holding the key's lock to the end of the transaction makes them take turns.
  await q.query(`SELECT pg_advisory_xact_lock(hashtextextended('rate_limit ' || $1, 0))`, [key]);
  const [row] = await q.query<{ n: number; wait: number | null }>(
    `SELECT count(*)::int AS n,
            ceil(extract(epoch FROM min(at) + make_interval(secs => $2) - now()))::int AS wait
       FROM rate_limit_events WHERE key = $1 AND at > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  if ((row?.n ?? 0) >= limit) return Math.max(1, row?.wait ?? windowSeconds);
  await recordEvent(q, key, windowSeconds);
  return null;
}

/** Counts this hit and says whether it is within the limit. */
export async function hit(q: Queryable, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  return (await take(q, key, limit, windowSeconds)) === null;
}

/** Counts a hit in its own transaction and answers 429 with `message` when over the limit. */
export async function enforceLimit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string,
): Promise<void> {
  if (!(await inPublic(db, (q) => hit(q, key, limit, windowSeconds)))) throw tooManyRequests(message);
}
