-- billing: checkouts, webhook events, payments, add-ons, cancel at period end; locations
-- How much one unit of an add-on raises a limit ("Extra Users (5 seats)" = 5 users).
ALTER TABLE addons ADD COLUMN units integer NOT NULL DEFAULT 1 CHECK (units > 0);
UPDATE addons SET units = 5 WHERE id = '00000000-0000-4000-8000-000000000101';

ALTER TABLE subscriptions
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  ADD COLUMN cancel_reason text CHECK (cancel_reason IN ('owner', 'payment_failed', 'deleted'));

CREATE TABLE locations (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  parent_id uuid,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, name),
  FOREIGN KEY (company_id, parent_id) REFERENCES locations(company_id, id)
);

CREATE TABLE billing_checkouts (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  kind text NOT NULL CHECK (kind IN ('plan', 'addon')),
  plan_id uuid REFERENCES plans(id),
  addon_id uuid REFERENCES addons(id),
  billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
  description text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL DEFAULT 'usd',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'canceled', 'expired')),
  provider_session_id text,
  url text NOT NULL,
  created_by uuid NOT NULL,
  customer_email text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, idempotency_key)
);

CREATE TABLE company_addons (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  addon_id uuid NOT NULL REFERENCES addons(id),
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  stripe_subscription_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX company_addons_subscription ON company_addons (company_id, stripe_subscription_id);

CREATE TABLE billing_payments (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  event_id text NOT NULL,
  provider_invoice_id text,
  description text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('paid', 'failed')),
  period_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, event_id)
);

-- Every webhook event, by its id: the row and the change it causes commit together, so an event
-- is applied exactly once whatever the number of deliveries or replicas.
CREATE TABLE billing_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
  outcome text NOT NULL,
  created timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Identifiers only: which company a checkout id or a provider subscription belongs to.
CREATE TABLE billing_checkout_directory (
  checkout_id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE
);
CREATE TABLE billing_subscription_directory (
  provider_subscription_id text PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE
);


ALTER TABLE locations ENABLE ROW LEVEL SECURITY;
ALTER TABLE locations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON locations
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE billing_checkouts ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_checkouts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON billing_checkouts
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE company_addons ENABLE ROW LEVEL SECURITY;
ALTER TABLE company_addons FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON company_addons
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

ALTER TABLE billing_payments ENABLE ROW LEVEL SECURITY;
ALTER TABLE billing_payments FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON billing_payments
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);

GRANT SELECT, INSERT, UPDATE, DELETE ON locations, billing_checkouts, company_addons, billing_payments,
  billing_checkout_directory, billing_subscription_directory TO stockwise_app;
GRANT SELECT, INSERT, UPDATE ON billing_events TO stockwise_app;
