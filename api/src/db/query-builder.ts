import {
  sql,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
} from 'kysely';
import type { Queryable } from './database.js';
import type { Tables } from './tables.js';

/**
 * Dynamic SQL — filters, sorts, keyset cursors — is built one way: Kysely as a query *compiler*
 * only. It never opens a connection (DummyDriver); `.compile()` gives `{sql, parameters}` with
 * every value bound as $n, and `run` sends that through our Queryable, inside the request's
 * transaction: RLS, the app role and both drivers (PGlite, pg) work exactly as for hand-written SQL.
 * Static statements stay plain parameterized SQL in each module's queries.ts.
 */
export const qb = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export async function run<R>(q: Queryable, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  return q.query<R>(compiled.sql, compiled.parameters as unknown[]);
}

/**
 * A page's LIMIT, written into the statement rather than bound as a parameter. The driver prepares
 * each statement once per connection (db/postgres.ts), and PostgreSQL reuses a prepared statement's
 * generic plan only when it costs no more than the custom ones. With the size as $n the generic plan
 * guessed a page of a tenth of the table and joined the whole company by hashing, so the item list
 * was planned afresh on every request (planning took ten times longer than running it). Written in,
 * the generic plan is the page's plan, made once. Bounded: page sizes are capped by the schemas, so
 * a list has at most that many statement texts.
 */
export function pageLimit(rows: number) {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`a page of ${rows} rows`);
  return sql.lit(rows);
}

export { sql };
