import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import { inTenant } from '../../db/tenant.js';
import { ApiError } from '../../lib/errors.js';
import { findBuiltInType } from '../catalogue/index.js';
import { publish } from '../events/index.js';
import { existingSerials, type Actor, type NewItem } from '../items/index.js';
import type { RowError } from './csv.js';
import { finishJob, markRunning, receiveStaged, renewLease, setProgress, stageRows } from './queries.js';

/** Rows per staging transaction and per write statement pair: short holds, visible progress. */
export const CHUNK_ROWS = 2_000;
/** A lease not renewed for this long belongs to a dead process. */
export const LEASE_STALE_SECONDS = 30;
const HEARTBEAT_MS = 5_000;
/** Serials per look-up (= ANY of an index): the size validation uses too. */
export const SERIAL_SLICE = 10_000;

/** A turn of the event loop: PGlite resolves queries as microtasks, and sockets need a turn too. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Writes a validated file in two phases.
 *  1. Stage: the rows go to import_rows in short transactions of CHUNK_ROWS, the job's progress
 *     committed with each. Between them the connection is free: on PGlite (one connection for the
 *     whole process) other requests of every company run, and polls see the job move.
 *  2. Receive: one transaction moves the staged rows into items and item_events set-based
 *     (INSERT … SELECT), re-checks the serials against items written since validation, and ends
 *     the job — so a job is succeeded exactly when all its items are there, and a failure leaves
 *     none. On PostgreSQL its progress is written beside it on other connections.
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
  const tenant = <T>(fn: (q: Queryable) => Promise<T>) => inTenant(db, actor.companyId, fn);
  try {
    await tenant((q) => markRunning(q, jobId));
    const ids: string[] = [];
    for (let done = 0; done < items.length; done += CHUNK_ROWS) {
      const staged = await tenant((q) =>
        stageRows(q, jobId, items.slice(done, done + CHUNK_ROWS), lines.slice(done, done + CHUNK_ROWS)),
      );
      for (const id of staged) ids.push(id);
      await breathe();
    }
    await tenant(async (q) => {
      const type = await findBuiltInType(q, 'receive');
      if (!type) throw new ApiError(409, 'This company has no Receive transaction type.', 'TRANSACTION_TYPE_MISSING');
      // Serials received since the file was checked (another upload, a batch): by line, nothing written.
      const lineOf = new Map(items.map((item, i) => [item.serial.toLowerCase(), lines[i]!]));
      const taken: Array<{ line: number; serial: string }> = [];
      const keys = [...lineOf.keys()];
      for (let i = 0; i < keys.length; i += SERIAL_SLICE)
        for (const serial of await existingSerials(q, keys.slice(i, i + SERIAL_SLICE)))
          taken.push({ line: lineOf.get(serial.toLowerCase())!, serial });
      if (taken.length)
        throw new ApiError(
          409,
          'Items with these serials were received since the file was checked.',
          'ITEMS_REFUSED',
          undefined,
          {
            rowErrors: taken.map((t) => ({
              line: t.line,
              column: 'serial',
              reason: `an item with serial ${t.serial} already exists`,
            })),
          },
        );
      const job = { id: jobId, userId: actor.userId, transactionTypeId: type.id, note: 'Imported from a CSV file' };
      for (let done = 0; done < lines.length; done += CHUNK_ROWS) {
        const last = Math.min(lines.length, done + CHUNK_ROWS);
        await receiveStaged(q, job, lines[done]!, lines[last - 1]!);
        if (separate) await tenant((p) => setProgress(p, jobId, last));
        // The process's sockets (stream heartbeats, answers that need no database) get their turn.
        await breathe();
      }
      await publish(q, actor.companyId, 'item.changed', ids);
      await finishJob(q, jobId, {
        status: 'succeeded',
        rowsDone: items.length,
        message: `${items.length.toLocaleString('en')} items received.`,
      });
    });
  } catch (error) {
    const errors = ((error as ApiError).extra?.rowErrors as RowError[] | undefined) ?? [];
    if (!(error instanceof ApiError)) log.error({ err: error, jobId }, 'import failed');
    await tenant((q) =>
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
