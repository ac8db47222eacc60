import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, ListenHandlers, Queryable } from './types.js';
import { notifier } from './notifications.js';

/** A PGlite with the extensions the migrations need (the tests' migrated template is made with it too). */
export function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): PGlite {
  // pg_trgm: the trigram index serial search uses (migration 0022), built into PGlite as a contrib module.
  return new PGlite({ extensions: { pg_trgm }, ...options });
}

/**
 * PGlite is one in-process connection: every statement and transaction goes through one queue,
 * so a transaction never interleaves with another request's statements.
 */
export async function openPglite(dataDir: string | null, dump?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = createPglite({ ...(dataDir ? { dataDir } : {}), ...(dump ? { loadDataDir: dump } : {}) });
  await pg.waitReady;
  return pgliteDatabase(pg);
}

/** The Database over an open PGlite (the tests also dump it: test/pglite-template.ts). */
export function pgliteDatabase(pg: PGlite): Database {
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }
  const query = async <T>(sql: string, params: unknown[] = []) => (await pg.query<T>(sql, params)).rows;
  // The same after-commit batches as on PostgreSQL: one code path for both drivers.
  const notices = notifier((sql, params) => exclusive(() => query(sql, params)));
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => query(sql, params)),
    transaction: <T, R>(fn: (q: Queryable, opened: R[]) => Promise<T>, opening?: string) =>
      exclusive(async () => {
        const announced: Array<[string, string]> = [];
        const q: Queryable = {
          query,
          async exec(sql: string) {
            await pg.exec(sql);
          },
          notify: (channel, payload) => void announced.push([channel, payload]),
        };
        try {
          // One call for BEGIN and the opening statement, as on PostgreSQL (exec answers one result each).
          const results = await pg.exec(opening === undefined ? 'BEGIN' : `BEGIN; ${opening}`);
          const opened = opening === undefined ? [] : (results[results.length - 1]!.rows as R[]);
          const result = await fn(q, opened);
          await pg.exec('COMMIT');
          notices.add(announced);
          return result;
        } catch (error) {
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    exec: (sql) => exclusive(async () => void (await pg.exec(sql))),
    notify: (channel, payload) => notices.add([[channel, payload]]),
    // One connection: the notifications of our own commits come back to it, after COMMIT.
    listen: async (channel: string, handlers: ListenHandlers) =>
      exclusive(async () => {
        const stop = await pg.listen(channel, (payload) => handlers.onMessage(payload));
        return () => exclusive(() => stop());
      }),
    close: async () => {
      await notices.drain();
      await exclusive(() => pg.close());
    },
  };
}
