import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, ListenHandlers, Queryable } from './database.js';

/**
 * PGlite is one in-process connection: every statement and transaction goes through one queue,
 * so a transaction never interleaves with another request's statements.
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }
  const direct: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pg.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
  };
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => direct.query(sql, params)),
    transaction: (fn) =>
      exclusive(async () => {
        await pg.exec('BEGIN');
        try {
          const result = await fn(direct);
          await pg.exec('COMMIT');
          return result;
        } catch (error) {
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    exec: (sql) => exclusive(async () => void (await pg.exec(sql))),
    // One connection: the notifications of our own commits come back to it, after COMMIT.
    listen: async (channel: string, handlers: ListenHandlers) =>
      exclusive(async () => {
        const stop = await pg.listen(channel, (payload) => handlers.onMessage(payload));
        return () => exclusive(() => stop());
      }),
    close: () => exclusive(() => pg.close()),
  };
}
