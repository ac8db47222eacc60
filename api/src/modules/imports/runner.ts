import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { inTenant } from '../../db/tenant.js';
import { ApiError } from '../../lib/errors.js';
import { findBuiltInType } from '../catalogue/index.js';
import { writeReception, type Actor, type NewItem } from '../items/index.js';
import type { RowError } from './csv.js';
import { finishJob, markRunning, planEachStatement, renewLease, setProgress } from './queries.js';

/** Rows per statement pair (items, events): big enough to be fast, small enough to report progress. */
export const CHUNK_ROWS = 2_000;
/** A lease not renewed for this long belongs to a dead process. */
export const LEASE_STALE_SECONDS = 30;
const HEARTBEAT_MS = 5_000;

/**
 * Writes a validated file: one transaction (all rows or none) through the reception the API's
 * batches use, the job's end written in it too — so a job is succeeded exactly when its items are
 * there. On PostgreSQL progress and the lease are written beside it on other connections; PGlite
 * has one connection, busy with the write, so there the job goes from 0 to done.
 */
export async function runItemImport(
  db: Database,
  log: FastifyBaseLogger,
  actor: Actor,
  jobId: string,
  items: NewItem[],
  lines: number[],
): Promise<void> {
  const separate = db.kind === 'postgres';
  const heartbeat = separate
    ? setInterval(() => renewLease(db, jobId).catch(() => undefined), HEARTBEAT_MS).unref()
    : null;
  try {
    await inTenant(db, actor.companyId, (q) => markRunning(q, jobId));
    await inTenant(db, actor.companyId, async (q) => {
      // The write's statements are prepared once and run 50 times while the transaction grows the
      // table under them: a generic plan made when the company had few items (a sequential scan
      // for the serial check) stays, and each chunk scans every row written before it — 100,000
      // rows took 85 s on PostgreSQL instead of 17. Planned for each chunk, the index is used.
      if (separate) await planEachStatement(q);
      const type = await findBuiltInType(q, 'receive');
      if (!type) throw new ApiError(409, 'This company has no Receive transaction type.', 'TRANSACTION_TYPE_MISSING');
      for (let done = 0; done < items.length; done += CHUNK_ROWS) {
        await writeReception(q, actor, type, items.slice(done, done + CHUNK_ROWS), 'Imported from a CSV file');
        if (separate)
          await inTenant(db, actor.companyId, (p) => setProgress(p, jobId, Math.min(items.length, done + CHUNK_ROWS)));
        // PGlite runs a query synchronously and resolves it as a microtask: without a turn of the
        // event loop here, the whole import would starve the process's sockets (no answer sent,
        // no request read, no stream heartbeat) until it commits.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await finishJob(q, jobId, {
        status: 'succeeded',
        rowsDone: items.length,
        message: `${items.length.toLocaleString('en')} item${items.length === 1 ? '' : 's'} received.`,
      });
    });
  } catch (error) {
    const refusals = (error as ApiError).extra?.refusals as Array<{ serial: string; reason: string }> | undefined;
    const lineOf = new Map(items.map((item, i) => [item.serial.toLowerCase(), lines[i]!]));
    const errors: RowError[] =
      refusals?.map((r) => ({ line: lineOf.get(r.serial.toLowerCase()) ?? 0, column: 'serial', reason: r.reason })) ??
      [];
    if (!(error instanceof ApiError)) log.error({ err: error, jobId }, 'import failed');
    await inTenant(db, actor.companyId, (q) =>
      finishJob(q, jobId, {
        status: 'failed',
        rowsDone: 0,
        message: `Nothing was imported: ${error instanceof ApiError ? error.message : 'the server could not write the items.'}`,
        errors,
      }),
    ).catch((e: unknown) => log.error({ err: e, jobId }, 'could not mark the import failed'));
  } finally {
    if (heartbeat) clearInterval(heartbeat);
  }
}
