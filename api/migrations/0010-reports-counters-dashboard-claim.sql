-- reports: stock counters kept by the database in the writing transaction, sales per day, the dashboard.view claim
--
-- Counting 500,000 items at read time (per location × status, per type, per brand…) takes longer than a
-- report page may (p95 100 ms on PostgreSQL, 300 ms on PGlite). So every statement that writes items
-- also moves these counters, in the same transaction: a trigger per statement, over the statement's
-- transition tables, one upsert per group touched, in key order (two writers lock counter rows in
-- the same order, so they queue and never deadlock). A trigger rather than calls in the engine: the
-- engine, master-data edits, seeds and any future path that writes items cannot forget it.
-- test/reports.test.ts recounts after random operations and compares.

CREATE TABLE item_counts (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  item_type_id uuid NOT NULL,
  brand_id uuid,
  model text,
  location_id uuid NOT NULL,
  status text NOT NULL,
  items bigint NOT NULL,
  -- sums of items.cost and items.sale_price (an item without one counts 0)
  cost numeric(18, 2) NOT NULL,
  sale_value numeric(18, 2) NOT NULL
);
-- brand and model may be null; a null is one group, as GROUP BY has it.
CREATE UNIQUE INDEX item_counts_key ON item_counts (company_id, item_type_id, brand_id, model, location_id, status)
  NULLS NOT DISTINCT;
SELECT stockwise_tenant_table('item_counts');

CREATE FUNCTION stockwise_count_items() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO item_counts AS c (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value)
    SELECT company_id, item_type_id, brand_id, model, location_id, status, count(*),
           coalesce(sum(cost), 0), coalesce(sum(sale_price), 0)
      FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, item_type_id, brand_id, model, location_id, status) DO UPDATE
      SET items = c.items + excluded.items, cost = c.cost + excluded.cost, sale_value = c.sale_value + excluded.sale_value;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO item_counts AS c (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value)
    SELECT company_id, item_type_id, brand_id, model, location_id, status, -count(*),
           -coalesce(sum(cost), 0), -coalesce(sum(sale_price), 0)
      FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, item_type_id, brand_id, model, location_id, status) DO UPDATE
      SET items = c.items + excluded.items, cost = c.cost + excluded.cost, sale_value = c.sale_value + excluded.sale_value;
  ELSE
    -- Only groups whose totals move: an edit of a custom field touches no counter row (and takes no lock).
    INSERT INTO item_counts AS c (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value)
    SELECT company_id, item_type_id, brand_id, model, location_id, status, sum(n), sum(cost), sum(sale_value)
      FROM (SELECT company_id, item_type_id, brand_id, model, location_id, status, 1 AS n,
                   coalesce(cost, 0) AS cost, coalesce(sale_price, 0) AS sale_value FROM new_rows
            UNION ALL
            SELECT company_id, item_type_id, brand_id, model, location_id, status, -1,
                   -coalesce(cost, 0), -coalesce(sale_price, 0) FROM old_rows) d
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(n) <> 0 OR sum(cost) <> 0 OR sum(sale_value) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (company_id, item_type_id, brand_id, model, location_id, status) DO UPDATE
      SET items = c.items + excluded.items, cost = c.cost + excluded.cost, sale_value = c.sale_value + excluded.sale_value;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER items_count_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_count_items();
CREATE TRIGGER items_count_update AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_count_items();
CREATE TRIGGER items_count_delete AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_count_items();

-- Sales per day (UTC) for the dashboard. A sale counts when it gets its number: that statement
-- already holds the company's sale-counter lock, so this row adds no new point where sales queue.
CREATE TABLE sale_days (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day date NOT NULL,
  sales integer NOT NULL,
  total numeric(18, 2) NOT NULL,
  PRIMARY KEY (company_id, day)
);
SELECT stockwise_tenant_table('sale_days');

CREATE FUNCTION stockwise_count_sale() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO sale_days AS d (company_id, day, sales, total)
  VALUES (NEW.company_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1, NEW.total)
  ON CONFLICT (company_id, day) DO UPDATE SET sales = d.sales + 1, total = d.total + excluded.total;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER sales_count_numbered AFTER UPDATE OF number ON sales
  FOR EACH ROW WHEN (OLD.number IS NULL AND NEW.number IS NOT NULL) EXECUTE FUNCTION stockwise_count_sale();

-- Sales written with their number at once (imports, seeds): one upsert per day of the statement.
CREATE FUNCTION stockwise_count_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO sale_days AS d (company_id, day, sales, total)
  SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*), sum(total)
    FROM new_rows WHERE number IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, day) DO UPDATE SET sales = d.sales + excluded.sales, total = d.total + excluded.total;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER sales_count_insert AFTER INSERT ON sales REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_count_sales_inserted();

-- Counters for what exists already. RLS is forced and the owner may not be a superuser: lifted for
-- these statements only, inside this migration's transaction.
ALTER TABLE items NO FORCE ROW LEVEL SECURITY;
ALTER TABLE item_counts NO FORCE ROW LEVEL SECURITY;
ALTER TABLE sales NO FORCE ROW LEVEL SECURITY;
ALTER TABLE sale_days NO FORCE ROW LEVEL SECURITY;
INSERT INTO item_counts (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value)
SELECT company_id, item_type_id, brand_id, model, location_id, status, count(*), coalesce(sum(cost), 0),
       coalesce(sum(sale_price), 0)
  FROM items GROUP BY 1, 2, 3, 4, 5, 6;
INSERT INTO sale_days (company_id, day, sales, total)
SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*), sum(total)
  FROM sales WHERE number IS NOT NULL GROUP BY 1, 2;
ALTER TABLE items FORCE ROW LEVEL SECURITY;
ALTER TABLE item_counts FORCE ROW LEVEL SECURITY;
ALTER TABLE sales FORCE ROW LEVEL SECURITY;
ALTER TABLE sale_days FORCE ROW LEVEL SECURITY;

-- Tracking report filters (events in a time range by user, location, transaction type) read in
-- time order from an index of their own; a location is where an event left from or arrived at.
CREATE INDEX item_events_user_by_time ON item_events (company_id, user_id, created_at, id);
CREATE INDEX item_events_to_location_by_time ON item_events (company_id, to_location_id, created_at, id);
CREATE INDEX item_events_from_location_by_time ON item_events (company_id, from_location_id, created_at, id)
  WHERE from_location_id IS NOT NULL;
CREATE INDEX item_events_type_by_time ON item_events (company_id, transaction_type_id, created_at, id);
DROP INDEX item_events_type;

-- The dashboard is the owner's and the admin's: a permission of its own, so a custom role can hold it.
DO $$
DECLARE check_name text;
BEGIN
  SELECT conname INTO check_name FROM pg_constraint
   WHERE conrelid = 'role_claims'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%billing.manage%';
  EXECUTE format('ALTER TABLE role_claims DROP CONSTRAINT %I', check_name);
END $$;
ALTER TABLE role_claims ADD CONSTRAINT role_claims_permission_check CHECK (claim_type <> 'permission' OR claim_value IN (
  'items.view', 'items.receive', 'items.edit', 'items.process', 'items.sell', 'reports.view', 'dashboard.view',
  'customers.view', 'customers.manage', 'settings.manage', 'users.manage', 'billing.manage'));

-- New companies: Admin holds dashboard.view too (the rest of the seed as in 0007).
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
      ('Admin', ARRAY['items.view', 'items.receive', 'items.edit', 'items.process', 'items.sell', 'reports.view',
        'dashboard.view', 'customers.view', 'customers.manage', 'settings.manage', 'users.manage'],
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

-- Existing companies' Admin roles get it as well.
ALTER TABLE roles NO FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims NO FORCE ROW LEVEL SECURITY;
INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
SELECT company_id, id, 'permission', 'dashboard.view' FROM roles WHERE name = 'Admin' AND built_in
ON CONFLICT DO NOTHING;
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims FORCE ROW LEVEL SECURITY;

-- Warranty lists page by (end, id): the id in the index, so items ending at the same moment (one
-- multi-sale, one seeded batch) are read in order instead of sorted.
CREATE INDEX items_warranty_by_end ON items (company_id, warranty_ends_at, id) WHERE warranty_ends_at IS NOT NULL;
DROP INDEX items_warranty;

-- A customer's purchases, newest first (GET /api/customers/{id}/history).
CREATE INDEX sales_customer_by_time ON sales (company_id, customer_id, created_at, id);
DROP INDEX sales_customer;
