-- core: companies, users, roles, invitations, reset tokens, subscriptions, directory
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'stockwise_app') THEN
    CREATE ROLE stockwise_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END $$;
DO $$ BEGIN
  EXECUTE 'GRANT stockwise_app TO ' || quote_ident(current_user);
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


ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON companies
  USING (id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON users
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE roles ENABLE ROW LEVEL SECURITY;
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON roles
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_roles
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invitations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE password_reset_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE password_reset_tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON password_reset_tokens
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE subscriptions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON subscriptions
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

GRANT USAGE ON SCHEMA public TO stockwise_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON companies, users, roles, user_roles, invitations,
  password_reset_tokens, subscriptions, user_directory, invitation_directory, rate_limit_events,
  contact_messages, mail_outbox TO stockwise_app;
GRANT SELECT ON plans, addons TO stockwise_app;

INSERT INTO plans (id, name, plan_type, monthly_price, yearly_price, max_users, max_locations, stripe_price_id, stripe_yearly_price_id, sort_order) VALUES
  ('00000000-0000-4000-8000-000000000001', 'Free Plan', 0, 0, 0, 3, 1, NULL, NULL, 0),
  ('00000000-0000-4000-8000-000000000002', 'Premium Plan', 1, 29, 290, 25, 20, 'price_premium_monthly', 'price_premium_yearly', 1);
INSERT INTO addons (id, name, type, price, billing_period, stripe_price_id, sort_order) VALUES
  ('00000000-0000-4000-8000-000000000101', 'Extra Users (5 seats)', 'users', 10, 'month', 'price_addon_users_5', 0),
  ('00000000-0000-4000-8000-000000000102', 'Extra Location', 'locations', 5, 'month', 'price_addon_location', 1);
