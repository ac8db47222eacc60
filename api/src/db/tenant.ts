import type { Database, Queryable } from './database.js';
import { APP_ROLE } from './app-role.js';
import { uuidLiteral } from './literal.js';

/**
 * Runs fn in a transaction as the app role, bound to one company: row-level security then shows
 * and accepts only that company's rows. companyId comes from a verified token or from the
 * directory look-up of an unauthenticated flow — never from the request body.
 */
export function inTenant<T>(db: Database, companyId: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
  // Sent with the BEGIN, in its round trip: set_config('role', …, true) is SET LOCAL ROLE (the same
  // membership check). The company id is written in, as a checked uuid literal.
  return db.transaction(
    (q) => fn(q),
    `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.company_id', ${uuidLiteral(companyId)}::text, true)`,
  );
}

/** As the app role with no company: only the non-tenant tables (directory, counters…) answer. */
export function inPublic<T>(db: Database, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (q) => {
    await q.query(`SET LOCAL ROLE ${APP_ROLE}`);
    return fn(q);
  });
}

/**
 * Binds the rest of an inPublic transaction to a company, once a directory row has named it (a
 * refresh token, a mailed code): from here row-level security shows only that company's rows.
 */
export async function bindCompany(q: Queryable, companyId: string): Promise<void> {
  await q.query(`SELECT set_config('app.company_id', $1, true)`, [companyId]);
}
