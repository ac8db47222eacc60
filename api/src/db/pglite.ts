import { mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, ListenHandlers, Opening, Queryable } from './types.js';
import { checkedUuid, openingText } from './literal.js';
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

/** A statement parsed on a PGlite: its name and its parameters' types, as PostgreSQL inferred them. */
interface Parsed {
  name: string;
  types: number[];
}
/** Per PGlite (not per adapter): two adapters over one PGlite share its named statements. */
const parsedOn = new WeakMap<PGlite, Map<string, Parsed>>();

/**
 * query() as a named prepared statement, named by its text, as on PostgreSQL (postgres.ts): PGlite's
 * own query() parses an unnamed statement, so PostgreSQL plans it on every call, and it makes six
 * calls into the engine (parse, describe, bind, describe, execute, sync). Here a statement is parsed
 * and described once per PGlite; every call after is one call into the engine (bind, describe,
 * execute, sync in one message), and PostgreSQL may keep the statement's generic plan. PGlite is
 * one connection, serialised by the adapter's queue, so a statement's engine time is every other
 * request's wait: planning was ≈ 9 of every 10 ms of the item list's statement (docs/benchmarks.md,
 * lever 12).
 * Values are serialised as PGlite's query() does (its serializers by the parameter's type).
 *
 * begin(): a transaction's BEGIN with its opening statement prepared like any other, in one call
 * into the engine (PGlite's exec() of the opening as text parsed and planned it on every request, as
 * PostgreSQL's simple protocol does: docs/benchmarks.md, lever 15). end(): its COMMIT or ROLLBACK,
 * one call too (exec() makes two, the statement and a sync).
 */
function preparedStatements(pg: PGlite) {
  let parsed = parsedOn.get(pg);
  if (!parsed) parsedOn.set(pg, (parsed = new Map()));
  const statements = parsed;
  const { serialize } = protocol;
  // Under PGlite's own query lock, as its query() runs: execProtocol keeps the call's answer in
  // one field of the PGlite and awaits the file sync before reading it back, so two statements of
  // one transaction sent at once (Promise.all) would each read the other's rows.
  const locked = <T>(fn: () => Promise<T>) => pg._runExclusiveQuery(fn);
  async function prepare(sql: string): Promise<Parsed> {
    let statement = statements.get(sql);
    if (!statement) {
      const name = `sw_${createHash('sha1').update(sql).digest('hex')}`;
      const { messages } = await pg.execProtocol(
        Buffer.concat([
          serialize.parse({ name, text: sql }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const described = messages.find((m) => m.name === 'parameterDescription') as
        { dataTypeIDs: number[] } | undefined;
      statements.set(sql, (statement = { name, types: described?.dataTypeIDs ?? [] }));
    }
    return statement;
  }
  /** Bind, describe, execute and sync of a prepared statement: one message. */
  function bound(statement: Parsed, params: unknown[]): Buffer {
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = pg.serializers[statement.types[i]!];
      return serializer ? serializer(v) : String(v);
    });
    return Buffer.concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
  }
  /** The rows of the call's last statement. */
  const lastRows = <T>(messages: Parameters<typeof parse.parseResults>[0]) => {
    const results = parse.parseResults(messages, pg.parsers);
    return results[results.length - 1]!.rows as T[];
  };
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      if (process.env.PG_PREPARE === '0') return (await pg.query<T>(sql, params)).rows;
      return locked(async () => {
        // Written to the data folder after a statement outside a transaction, as PGlite's query()
        // does; a transaction's statements are written at its COMMIT.
        const syncToFs = !pg.isInTransaction();
        const statement = await prepare(sql);
        return lastRows<T>((await pg.execProtocol(bound(statement, params), { syncToFs })).messages);
      });
    },
    async begin<R>(opening?: Opening): Promise<R[]> {
      if (!opening || process.env.PG_PREPARE === '0') {
        const results = await pg.exec(opening ? `BEGIN; ${openingText(opening)}` : 'BEGIN');
        return opening ? (results[results.length - 1]!.rows as R[]) : [];
      }
      const head = opening.setup ? `BEGIN; ${opening.setup}` : 'BEGIN';
      const uuids = opening.uuids.map(checkedUuid);
      return locked(async () => {
        // Prepared before BEGIN, in a call of its own the first time only.
        const statement = await prepare(opening.sql);
        const message = Buffer.concat([serialize.query(head), bound(statement, uuids)]);
        return lastRows<R>((await pg.execProtocol(message, { syncToFs: false })).messages);
      });
    },
    async end(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
      if (process.env.PG_PREPARE === '0') return void (await pg.exec(command));
      await locked(() => pg.execProtocol(serialize.query(command)));
    },
  };
}

/** The Database over an open PGlite (the tests also dump it: test/pglite-template.ts). */
export function pgliteDatabase(pg: PGlite): Database {
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }
  const { query, begin, end } = preparedStatements(pg);
  // The same after-commit batches as on PostgreSQL: one code path for both drivers.
  const notices = notifier((sql, params) => exclusive(() => query(sql, params)));
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => query(sql, params)),
    transaction: <T, R>(fn: (q: Queryable, opened: R[]) => Promise<T>, opening?: Opening) =>
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
          const result = await fn(q, await begin<R>(opening));
          await end('COMMIT');
          notices.add(announced);
          return result;
        } catch (error) {
          await end('ROLLBACK').catch(() => undefined);
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
