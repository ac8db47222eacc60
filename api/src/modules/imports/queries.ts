import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import type { FieldDefinition } from '../catalogue/index.js';
import type { RowError } from './csv.js';
import { iso } from '../../db/timestamps.js';

export interface Named {
  id: string;
  name: string;
  active: boolean;
}
export interface NamedType extends Named {
  fields: FieldDefinition[];
  warrantyMonths: number;
}

/** What the rows name, by lower-cased name (a name two vendors share maps to both). */
export async function catalogueByName(q: Queryable) {
  const [types, locations, brands, vendors] = await Promise.all([
    q.query<NamedType>(`SELECT id, name, active, fields, warranty_months AS "warrantyMonths" FROM item_types`),
    q.query<Named>(`SELECT id, name, active FROM locations`),
    q.query<Named>(`SELECT id, name, true AS active FROM brands`),
    q.query<Named>(`SELECT id, name, active FROM customers WHERE is_vendor`),
  ]);
  const byName = <T extends Named>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) map.set(r.name.toLowerCase(), [...(map.get(r.name.toLowerCase()) ?? []), r]);
    return map;
  };
  return { types: byName(types), locations: byName(locations), brands: byName(brands), vendors: byName(vendors) };
}

export interface Job {
  id: string;
  kind: 'items';
  fileName: string | null;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  totalRows: number;
  rowsDone: number;
  percent: number;
  message: string | null;
  errors: RowError[];
  createdAt: string;
  finishedAt: string | null;
}

const JOB = `id, kind, file_name AS "fileName", status, total_rows AS "totalRows", rows_done AS "rowsDone",
  CASE WHEN total_rows = 0 THEN 100 ELSE floor(rows_done * 100.0 / total_rows)::int END AS percent,
  message, errors, ${iso('created_at')} AS "createdAt", ${iso('finished_at')} AS "finishedAt"`;

export async function insertJob(
  q: Queryable,
  companyId: string,
  userId: string,
  totalRows: number,
  fileName: string | null,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO import_jobs (company_id, kind, user_id, total_rows, file_name) VALUES ($1, 'items', $2, $3, $4) RETURNING id`,
    [companyId, userId, totalRows, fileName],
  );
  await q.query(`INSERT INTO import_job_leases (job_id, company_id) VALUES ($1, $2)`, [row!.id, companyId]);
  return row!.id;
}

export const findJob = async (q: Queryable, id: string) =>
  (await q.query<Job>(`SELECT ${JOB} FROM import_jobs WHERE id = $1`, [id]))[0] ?? null;

export const recentJobs = (q: Queryable, limit: number) =>
  q.query<Job>(`SELECT ${JOB} FROM import_jobs ORDER BY created_at DESC, id LIMIT $1`, [limit]);

export const markRunning = (q: Queryable, id: string) =>
  q.query(`UPDATE import_jobs SET status = 'running' WHERE id = $1`, [id]);

export const setProgress = (q: Queryable, id: string, rowsDone: number) =>
  q.query(`UPDATE import_jobs SET rows_done = $2 WHERE id = $1 AND status = 'running'`, [id, rowsDone]);

/** The end of a job, and of its lease. */
export async function finishJob(
  q: Queryable,
  id: string,
  outcome: { status: 'succeeded' | 'failed'; rowsDone: number; message: string; errors?: RowError[] },
) {
  await q.query(
    `UPDATE import_jobs SET status = $2, rows_done = $3, message = $4, errors = $5::jsonb, finished_at = now()
      WHERE id = $1`,
    [id, outcome.status, outcome.rowsDone, outcome.message, JSON.stringify(outcome.errors ?? [])],
  );
  await q.query(`DELETE FROM import_job_leases WHERE job_id = $1`, [id]);
}

export const renewLease = (db: Database, id: string) =>
  inPublic(db, (q) => q.query(`UPDATE import_job_leases SET heartbeat_at = now() WHERE job_id = $1`, [id]));

/**
 * Jobs whose process died (no heartbeat for staleSeconds; null: every lease, when this process is
 * the only one) end failed. Their rows were one transaction, so nothing of them was written.
 */
export async function failAbandoned(db: Database, staleSeconds: number | null): Promise<number> {
  const leases = await inPublic(db, (q) =>
    q.query<{ jobId: string; companyId: string }>(
      `SELECT job_id AS "jobId", company_id AS "companyId" FROM import_job_leases
        WHERE $1::int IS NULL OR heartbeat_at < now() - make_interval(secs => $1::int)`,
      [staleSeconds],
    ),
  );
  for (const lease of leases)
    await inTenant(db, lease.companyId, (q) =>
      finishJob(q, lease.jobId, {
        status: 'failed',
        rowsDone: 0,
        message: 'The server stopped while this import ran. Nothing of it was written: upload the file again.',
      }),
    );
  return leases.length;
}

/**
 * For the rest of the transaction, each statement is planned for its own values (no cached generic
 * plan): a long write whose table grows under its prepared statements keeps using the index.
 */
export const planEachStatement = (q: Queryable) => q.query(`SET LOCAL plan_cache_mode = force_custom_plan`);
