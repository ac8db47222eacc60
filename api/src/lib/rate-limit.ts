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

/** Counts this hit and says whether it is over the limit. */
export async function hit(q: Queryable, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const n = await countEvents(q, key, windowSeconds);
  if (n >= limit) return false;
  await recordEvent(q, key, windowSeconds);
  return true;
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
