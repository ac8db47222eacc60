import type { Database, Queryable } from './database.js';
import type { Opening } from './types.js';
import { APP_ROLE } from './app-role.js';

/**
 * Runs fn in a transaction as the app role, bound to one company: row-level security then shows
 * and accepts only that company's rows. companyId comes from a verified token or from the
 * directory look-up of an unauthenticated flow — never from the request body.
 */
export function inTenant<T>(
  db: Database,
  companyId: string,
  fn: (q: Queryable) => Promise<T>,
  plans: Plans = 'chosen',
): Promise<T> {
  // Sent with the BEGIN, in its round trip: set_config('role', …, true) is SET LOCAL ROLE (the same
  // membership check).
  return db.transaction(
    (q) => fn(q),
    withPlans(plans, {
      sql: `SELECT set_config('role', '${APP_ROLE}', true), set_config('app.company_id', $1::uuid::text, true)`,
      uuids: [companyId],
    }),
  );
}

/**
 * How PostgreSQL plans a transaction's prepared statements. 'chosen': its own choice, a generic plan
 * once it costs no more than the custom ones (every statement is prepared by name: db/postgres.ts).
 * 'generic': the generic plan always, for a transaction whose every statement finds its rows by key,
 * so no value can make the generic plan worse, and whose statements PostgreSQL would otherwise plan
 * on every call — a sale's lock and write take their items as arrays, and the generic plan assumes
 * an array of many values while each custom plan sees one, so the generic plan never looks cheaper
 * though it runs as fast; re-planning them was ≈ 1.5 ms of a sale's ≈ 4 ms of PostgreSQL CPU
 * (docs/benchmarks.md, "Lever 10"). SET LOCAL ends with the transaction, so the pooled connection's
 * other work is planned as before.
 */
export type Plans = 'chosen' | 'generic';

/** The opening statement, preceded by the plans setting when it is not PostgreSQL's own choice (same message). */
export const withPlans = (plans: Plans, opening: Opening): Opening =>
  plans === 'generic' ? { ...opening, setup: 'SET LOCAL plan_cache_mode = force_generic_plan' } : opening;

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
