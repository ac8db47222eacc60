import type { Database } from '../src/db/database.js';

/**
 * What the database says, not a hand-kept list: a table forgotten by a list is caught here.
 * Directory tables hold identifiers only for the flows that start without a token (named, on
 * purpose, and nothing else with a company_id may skip row-level security).
 */
export const DIRECTORY_TABLES = [
  'user_directory',
  'invitation_directory',
  'billing_checkout_directory',
  'billing_subscription_directory',
  // Stripe events are matched to a company only after they are verified; the id is for de-duplication.
  'billing_events',
  // A stream ticket is redeemed before the company is known (EventSource sends no bearer header).
  'event_tickets',
  // Leases of running imports, found by a sweeper of any replica that has no company.
  'import_job_leases',
  // Open live-update streams, renewed by their replica for every company in one statement.
  'event_streams',
  // A refresh token is redeemed before the company is known (hashes, ids and dates only).
  'auth_refresh_tokens',
  // A mailed one-time code is asked for and used by email address, before the company is known.
  'auth_one_time_codes',
  // POST /auth/v1/sso names an email domain, not a company: the domain's provider and company.
  'sso_provider_directory',
  // A redirect sign-in is found by its state, then by its code, before anyone is signed in.
  'auth_flow_states',
];

/**
 * Tables the app role cannot read at all (no grant, so no RLS to hold): reached only through a
 * SECURITY DEFINER function that binds the transaction's company. The trigram index of serial
 * search lives there because RLS would keep a non-leakproof LIKE off any index (migration 0022).
 */
export const PRIVATE_TABLES = ['item_search'];

export interface TableInfo {
  name: string;
  rls: boolean;
  forced: boolean;
  owner: string;
  hasCompany: boolean;
}

export async function tables(db: Database): Promise<TableInfo[]> {
  return db.query<TableInfo>(
    `SELECT c.relname AS name, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
            pg_get_userbyid(c.relowner) AS owner,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id'
                       AND NOT a.attisdropped) AS "hasCompany"
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.relname`,
  );
}

/** Every table holding a company's rows: a company_id column (and companies itself), no directory. */
export async function tenantTables(db: Database): Promise<string[]> {
  return (await tables(db))
    .filter(
      (t) =>
        (t.hasCompany || t.name === 'companies') &&
        !DIRECTORY_TABLES.includes(t.name) &&
        !PRIVATE_TABLES.includes(t.name),
    )
    .map((t) => t.name);
}

/**
 * Tables a refused request must leave as they were. Not: the migration log, generated secrets,
 * and the counters and nonces that exist precisely to record refused attempts.
 */
export async function writableTables(db: Database): Promise<string[]> {
  const bookkeeping = ['schema_migrations', 'app_secrets', 'rate_limit_events', 'id_token_nonces'];
  return (await tables(db)).map((t) => t.name).filter((n) => !bookkeeping.includes(n));
}
