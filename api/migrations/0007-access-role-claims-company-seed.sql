-- access: role claims (permission / transaction-type), and the catalogue every company starts with
CREATE TABLE role_claims (
  company_id uuid NOT NULL,
  role_id uuid NOT NULL,
  claim_type text NOT NULL CHECK (claim_type IN ('permission', 'transaction-type')),
  claim_value text NOT NULL,
  PRIMARY KEY (company_id, role_id, claim_type, claim_value),
  FOREIGN KEY (company_id, role_id) REFERENCES roles(company_id, id) ON DELETE CASCADE,
  CHECK (claim_type <> 'permission' OR claim_value IN ('items.view', 'items.receive', 'items.edit', 'items.process',
    'items.sell', 'reports.view', 'customers.view', 'customers.manage', 'settings.manage', 'users.manage',
    'billing.manage')),
  CHECK (claim_type <> 'transaction-type'
    OR claim_value ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
);
CREATE INDEX role_claims_value ON role_claims (company_id, claim_type, claim_value);
SELECT stockwise_tenant_table('role_claims');

-- What a new company starts with, inside the transaction that creates it (as the app role, bound
-- to that company): the built-in transaction types, the built-in roles' claims, label settings and
-- the sale counter. The Company Owner holds every claim implicitly (the access check says so), so
-- it has no rows here and cannot lose anything.
CREATE FUNCTION stockwise_seed_company(company uuid) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  role_name text;
  perms text[];
  types text[];
BEGIN
  INSERT INTO transaction_types (company_id, name, kind, built_in_key, from_statuses, to_status, customer_required, print_label)
  VALUES
    (company, 'Receive', 'receive', 'receive', '{}', 'in_stock', false, true),
    (company, 'Sell', 'sell', 'sell', '{in_stock,returned}', 'sold', false, false),
    (company, 'Move', 'move', 'move', '{in_stock,in_process,reserved,in_transit,returned,defective}', NULL, false, false),
    (company, 'Change status', 'status_change', 'status_change',
      '{in_stock,in_process,reserved,in_transit,returned,defective}', NULL, false, false),
    (company, 'Return', 'return', 'return', '{sold}', 'returned', false, false),
    (company, 'Scrap', 'scrap', 'scrap', '{in_stock,in_process,returned,defective}', 'scrapped', false, false),
    (company, 'Test', 'process', 'test', '{in_stock,returned,defective}', 'in_process', false, false),
    (company, 'Repair', 'process', 'repair', '{in_process,defective,returned}', 'in_stock', false, true)
  ON CONFLICT DO NOTHING;

  FOR role_name, perms, types IN
    SELECT * FROM (VALUES
      ('Admin', ARRAY['items.view', 'items.receive', 'items.edit', 'items.process', 'items.sell', 'reports.view',
        'customers.view', 'customers.manage', 'settings.manage', 'users.manage'],
        ARRAY['receive', 'sell', 'move', 'status_change', 'return', 'scrap', 'test', 'repair']),
      ('New Item Operator', ARRAY['items.view', 'items.receive'], ARRAY['receive']),
      ('Rapid Seller', ARRAY['items.view', 'items.sell', 'customers.view'], ARRAY['sell']),
      ('Storekeeper', ARRAY['items.view', 'items.process', 'items.edit', 'reports.view'],
        ARRAY['move', 'status_change', 'test', 'repair']),
      ('Account Manager', ARRAY['customers.view', 'customers.manage'], ARRAY[]::text[])
    ) AS d(role_name, perms, types)
  LOOP
    INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
      SELECT company, r.id, 'permission', p FROM roles r, unnest(perms) p
       WHERE r.company_id = company AND r.name = role_name AND r.built_in
    ON CONFLICT DO NOTHING;
    INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
      SELECT company, r.id, 'transaction-type', t.id::text FROM roles r, transaction_types t
       WHERE r.company_id = company AND r.name = role_name AND r.built_in
         AND t.company_id = company AND t.built_in_key = ANY(types)
    ON CONFLICT DO NOTHING;
  END LOOP;

  INSERT INTO label_settings (company_id) VALUES (company) ON CONFLICT DO NOTHING;
  INSERT INTO sale_counters (company_id) VALUES (company) ON CONFLICT DO NOTHING;
END
$fn$;

-- Companies made before this migration get the same start. RLS is forced and the owner may not be
-- a superuser: bind each company in turn, as the app would.
DO $$
DECLARE c uuid;
BEGIN
  ALTER TABLE companies NO FORCE ROW LEVEL SECURITY;
  FOR c IN SELECT id FROM companies LOOP
    PERFORM set_config('app.company_id', c::text, true);
    PERFORM stockwise_seed_company(c);
  END LOOP;
  PERFORM set_config('app.company_id', '', true);
  ALTER TABLE companies FORCE ROW LEVEL SECURITY;
END $$;
