-- access: the items.cost.view claim — cost and margin are the owner's and the admin's
--
-- An item's cost (and the inventory report's value at cost) is purchasing data: a seller or a
-- storekeeper works without it. A permission of its own, so a custom role can be given it; the
-- Company Owner holds it implicitly (as every claim), the built-in Admin by seed.
ALTER TABLE role_claims DROP CONSTRAINT role_claims_permission_check;
ALTER TABLE role_claims ADD CONSTRAINT role_claims_permission_check CHECK (claim_type <> 'permission' OR claim_value IN (
  'items.view', 'items.receive', 'items.edit', 'items.process', 'items.sell', 'items.cost.view', 'reports.view',
  'dashboard.view', 'customers.view', 'customers.manage', 'settings.manage', 'users.manage', 'billing.manage'));

-- New companies: Admin holds items.cost.view too (the rest of the seed as in 0013).
CREATE OR REPLACE FUNCTION stockwise_seed_company(company uuid) RETURNS void LANGUAGE plpgsql AS $fn$
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
      ('Admin', ARRAY['items.view', 'items.receive', 'items.edit', 'items.process', 'items.sell', 'items.cost.view',
        'reports.view', 'dashboard.view', 'customers.view', 'customers.manage', 'settings.manage', 'users.manage'],
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
  PERFORM stockwise_sale_numbers_continue();
END
$fn$;

-- Existing companies' Admin roles get it as well (custom roles stay as their owners made them).
ALTER TABLE roles NO FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims NO FORCE ROW LEVEL SECURITY;
INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
SELECT company_id, id, 'permission', 'items.cost.view' FROM roles WHERE name = 'Admin' AND built_in
ON CONFLICT DO NOTHING;
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims FORCE ROW LEVEL SECURITY;
