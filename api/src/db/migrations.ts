import type { Database } from './database.js';
import { billingMigration } from '../modules/billing/migration.js';

/** The role every request runs as: DML only, never a table owner, subject to row-level security. */
export const APP_ROLE = 'stockwise_app';

export const FREE_PLAN_ID = '00000000-0000-4000-8000-000000000001';
export const PREMIUM_PLAN_ID = '00000000-0000-4000-8000-000000000002';

/** Tenant tables: RLS enabled and forced, one policy on company_id (companies: on id). */
const TENANT_TABLES: Array<[table: string, column: string]> = [
  ['companies', 'id'],
  ['users', 'company_id'],
  ['roles', 'company_id'],
  ['user_roles', 'company_id'],
  ['invitations', 'company_id'],
  ['password_reset_tokens', 'company_id'],
  ['subscriptions', 'company_id'],
];

const tenantPolicies = TENANT_TABLES.map(
  ([table, column]) => `
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ${table}
  USING (${column} = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (${column} = nullif(current_setting('app.company_id', true), '')::uuid);`,
).join('\n');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'core: companies, users, roles, invitations, reset tokens, subscriptions, directory',
    sql: `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
    CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END $$;
DO $$ BEGIN
  EXECUTE 'GRANT ${APP_ROLE} TO ' || quote_ident(current_user);
EXCEPTION WHEN others THEN NULL; -- already a member, or a superuser (who may SET ROLE anyway)
END $$;

CREATE TABLE companies (
  id uuid PRIMARY KEY,
  company_name text NOT NULL,
  industry text,
  phone text,
  logo_path text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  user_name text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  password_hash text,
  profile_picture_url text,
  google_subject text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, user_name)
);

CREATE TABLE roles (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  built_in boolean NOT NULL DEFAULT false,
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, name)
);

CREATE TABLE user_roles (
  company_id uuid NOT NULL,
  user_id uuid NOT NULL,
  role_id uuid NOT NULL,
  PRIMARY KEY (company_id, user_id, role_id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, role_id) REFERENCES roles(company_id, id) ON DELETE CASCADE
);

CREATE TABLE invitations (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  email text NOT NULL,
  roles text[] NOT NULL,
  invited_by uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  accepted_user_id uuid,
  PRIMARY KEY (company_id, id)
);
CREATE INDEX invitations_pending ON invitations (company_id, status, expires_at);

CREATE TABLE password_reset_tokens (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, token_hash),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE
);

-- Global catalogue (not tenant data): plans and add-ons.
CREATE TABLE plans (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  plan_type smallint NOT NULL,
  monthly_price numeric(10,2) NOT NULL,
  yearly_price numeric(10,2) NOT NULL,
  max_users integer NOT NULL,
  max_locations integer NOT NULL,
  stripe_price_id text,
  stripe_yearly_price_id text,
  sort_order integer NOT NULL DEFAULT 0
);
CREATE TABLE addons (
  id uuid PRIMARY KEY,
  name text NOT NULL UNIQUE,
  type text NOT NULL,
  price numeric(10,2) NOT NULL,
  billing_period text NOT NULL,
  stripe_price_id text,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE subscriptions (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  plan_id uuid NOT NULL REFERENCES plans(id),
  status smallint NOT NULL DEFAULT 0,
  billing_interval text CHECK (billing_interval IN ('month', 'year')),
  current_period_end timestamptz,
  stripe_customer_id text,
  stripe_subscription_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The narrow path for unauthenticated flows: identifiers only (no names, hashes or tenant data).
-- Login by user name, forgot-password by e-mail and invitation look-up find the company here,
-- then everything else is read inside a transaction bound to that company.
CREATE TABLE user_directory (
  user_id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_name_key text NOT NULL UNIQUE,
  email_key text NOT NULL UNIQUE
);
CREATE TABLE invitation_directory (
  invitation_id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE
);

-- Rate limiting and throttling: one row per counted event, sliding window, shared by replicas.
CREATE TABLE rate_limit_events (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_events_key_at ON rate_limit_events (key, at);

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  subject text,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Secrets generated once in embedded mode (JWT key, OpenID provider keys). The app role cannot read it.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

${tenantPolicies}

GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
GRANT SELECT, INSERT, UPDATE, DELETE ON companies, users, roles, user_roles, invitations,
  password_reset_tokens, subscriptions, user_directory, invitation_directory, rate_limit_events,
  contact_messages, mail_outbox TO ${APP_ROLE};
GRANT SELECT ON plans, addons TO ${APP_ROLE};

INSERT INTO plans (id, name, plan_type, monthly_price, yearly_price, max_users, max_locations, stripe_price_id, stripe_yearly_price_id, sort_order) VALUES
  ('${FREE_PLAN_ID}', 'Free Plan', 0, 0, 0, 3, 1, NULL, NULL, 0),
  ('${PREMIUM_PLAN_ID}', 'Premium Plan', 1, 29, 290, 25, 20, 'price_premium_monthly', 'price_premium_yearly', 1);
INSERT INTO addons (id, name, type, price, billing_period, stripe_price_id, sort_order) VALUES
  ('00000000-0000-4000-8000-000000000101', 'Extra Users (5 seats)', 'users', 10, 'month', 'price_addon_users_5', 0),
  ('00000000-0000-4000-8000-000000000102', 'Extra Location', 'locations', 5, 'month', 'price_addon_location', 1);
`,
  },
  billingMigration(APP_ROLE),
];

/** Applies pending migrations, each in its own transaction, one process at a time. */
export async function migrate(db: Database, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727274)');
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await q.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
