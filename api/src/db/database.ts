import type { Database, DatabaseOptions } from './types.js';

// The contract lives in types.ts (the drivers import it from there, so they and this opener form
// no cycle); re-exported for the many callers that import it from here.
export type { Database, DatabaseOptions, ListenHandlers, Opening, Queryable } from './types.js';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite.js');
  return openPglite(options.dataDir, options.pgliteDump);
}
