import type { Queryable } from '../../db/database.js';

/** How long a key's answer is kept: a till offline over a weekend syncs within this. */
export const KEEP_HOURS = 48;

/**
 * Claims the key for this request: true when this transaction holds it now (do the work), false
 * when it was already claimed (read its answer). A concurrent claim of the same key waits here on
 * the primary key until the first transaction ends. A few of the company's expired keys are swept
 * on the way, skipping rows another transaction holds, so no sale ever waits on the sweep.
 */
export async function claim(q: Queryable, companyId: string, key: string, requestHash: string): Promise<boolean> {
  const rows = await q.query(
    `WITH swept AS (
       DELETE FROM idempotency_keys WHERE (company_id, key) IN (
         SELECT company_id, key FROM idempotency_keys
          WHERE company_id = $1 AND created_at < now() - make_interval(hours => $4) AND key <> $2
          LIMIT 100 FOR UPDATE SKIP LOCKED))
     INSERT INTO idempotency_keys (company_id, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, key) DO UPDATE SET request_hash = excluded.request_hash, status_code = NULL,
       response = NULL, created_at = now()
       WHERE idempotency_keys.created_at < now() - make_interval(hours => $4)
     RETURNING key`,
    [companyId, key, requestHash, KEEP_HOURS],
  );
  return rows.length === 1;
}

export interface Kept {
  requestHash: string;
  statusCode: number | null;
  response: unknown;
}

export async function kept(q: Queryable, key: string): Promise<Kept | null> {
  const rows = await q.query<Kept>(
    `SELECT request_hash AS "requestHash", status_code AS "statusCode", response FROM idempotency_keys WHERE key = $1`,
    [key],
  );
  return rows[0] ?? null;
}

export async function keep(q: Queryable, key: string, statusCode: number, response: unknown): Promise<void> {
  await q.query(`UPDATE idempotency_keys SET status_code = $2, response = $3::jsonb WHERE key = $1`, [
    key,
    statusCode,
    JSON.stringify(response),
  ]);
}
