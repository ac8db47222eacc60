import {
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

export { sql } from 'kysely';
