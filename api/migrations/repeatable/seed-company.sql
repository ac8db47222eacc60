-- seed: what every new company starts with — the one definition (docs/decisions.md, "One seed function")
--
-- Applied after the numbered migrations every time they run (db/migrations.ts), so this file is the
-- function's only definition from now on: migrations 0007, 0010 and 0013 restated it whole and
-- stay as the history they are. Called by the app inside the transaction that creates a company
-- (as the app role, bound to that company), after it has made the built-in roles.
--
-- To give the built-in roles a new claim: add its row to BUILT_IN_CLAIMS below (new companies), and
-- a numbered migration that widens role_claims' CHECK and grants it to the built-in roles of every
-- existing company with the one function for it (migration 0033):
--   SELECT stockwise_add_built_in_claim('stock.reorder', ARRAY['Admin', 'Storekeeper']);
-- The Company Owner holds every claim implicitly and has no rows.
CREATE OR REPLACE FUNCTION stockwise_seed_company(company uuid) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  -- The built-in transaction types: name, kind, key, from statuses, to status, customer required, print label.
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

  -- BUILT_IN_CLAIMS: one row per claim of a built-in role. A permission by name; a transaction
  -- type by its built-in key (stored as that company's type id).
  WITH built_in_claims (role_name, claim_type, claim) AS (VALUES
    ('Admin', 'permission', 'items.view'),
    ('Admin', 'permission', 'items.receive'),
    ('Admin', 'permission', 'items.edit'),
    ('Admin', 'permission', 'items.process'),
    ('Admin', 'permission', 'items.sell'),
    ('Admin', 'permission', 'items.cost.view'),
    ('Admin', 'permission', 'reports.view'),
    ('Admin', 'permission', 'dashboard.view'),
    ('Admin', 'permission', 'customers.view'),
    ('Admin', 'permission', 'customers.manage'),
    ('Admin', 'permission', 'settings.manage'),
    ('Admin', 'permission', 'users.manage'),
    ('Admin', 'permission', 'sales.void'),
    ('Admin', 'permission', 'warranty.manage'),
    ('Admin', 'permission', 'stock.count'),
    ('Admin', 'permission', 'stock.reorder'),
    ('Admin', 'permission', 'purchasing.manage'),

    ('Admin', 'permission', 'items.lend'),
    ('Admin', 'transaction-type', 'receive'),
    ('Admin', 'transaction-type', 'sell'),
    ('Admin', 'transaction-type', 'move'),
    ('Admin', 'transaction-type', 'status_change'),
    ('Admin', 'transaction-type', 'return'),
    ('Admin', 'transaction-type', 'scrap'),
    ('Admin', 'transaction-type', 'test'),
    ('Admin', 'transaction-type', 'repair'),
    ('New Item Operator', 'permission', 'items.view'),
    ('New Item Operator', 'permission', 'items.receive'),
    ('New Item Operator', 'transaction-type', 'receive'),
    ('Rapid Seller', 'permission', 'items.view'),
    ('Rapid Seller', 'permission', 'items.sell'),
    ('Rapid Seller', 'permission', 'customers.view'),
    ('Rapid Seller', 'transaction-type', 'sell'),
    ('Storekeeper', 'permission', 'items.view'),
    ('Storekeeper', 'permission', 'items.process'),
    ('Storekeeper', 'permission', 'items.edit'),
    ('Storekeeper', 'permission', 'reports.view'),
    ('Storekeeper', 'permission', 'warranty.manage'),
    ('Storekeeper', 'permission', 'stock.count'),
    ('Storekeeper', 'permission', 'stock.reorder'),
    ('Storekeeper', 'permission', 'purchasing.manage'),

    ('Storekeeper', 'permission', 'items.lend'),
    ('Storekeeper', 'transaction-type', 'move'),
    ('Storekeeper', 'transaction-type', 'status_change'),
    ('Storekeeper', 'transaction-type', 'test'),
    ('Storekeeper', 'transaction-type', 'repair'),
    ('Account Manager', 'permission', 'customers.view'),
    ('Account Manager', 'permission', 'customers.manage')
  )
  INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
    SELECT company, r.id, c.claim_type, coalesce(t.id::text, c.claim)
      FROM built_in_claims c
      JOIN roles r ON r.company_id = company AND r.name = c.role_name AND r.built_in
      LEFT JOIN transaction_types t
        ON c.claim_type = 'transaction-type' AND t.company_id = company AND t.built_in_key = c.claim
     WHERE c.claim_type = 'permission' OR t.id IS NOT NULL
  ON CONFLICT DO NOTHING;

  -- A new owner's first day: one location and one item type, so the first reception needs no
  -- set-up (type serials, press receive). Ordinary rows: renamed, deactivated or deleted under the
  -- usual rules. English whatever the registrant's language: a company has no language of its own
  -- (each person picks theirs in the browser) and the registration does not carry one
  -- (docs/architecture.md, "A new company's defaults"). The location is the one the Free plan allows.
  INSERT INTO locations (company_id, name, kind) VALUES (company, 'Main store', 'store') ON CONFLICT DO NOTHING;
  INSERT INTO item_types (company_id, name) VALUES (company, 'General') ON CONFLICT DO NOTHING;

  INSERT INTO label_settings (company_id) VALUES (company) ON CONFLICT DO NOTHING;
  PERFORM stockwise_sale_numbers_continue();
END
$fn$;
