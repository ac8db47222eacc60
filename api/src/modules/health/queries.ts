import type { Queryable } from '../../db/database.js';

/** Throws unless the database answers and has been migrated (what readiness means). */
export async function migrationsReadable(q: Queryable): Promise<void> {
  await q.query('SELECT 1 FROM schema_migrations LIMIT 1');
}
