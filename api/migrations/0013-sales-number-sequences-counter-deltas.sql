-- sales: numbers from a sequence per company; counters written as insert-only deltas, folded now and then
--
-- Before this, every sale of a company updated three rows all its other sales update too — the
-- company's sale_counters row, its sale_days row of the day, its item_counts rows (in stock → sold) —
-- and held them until its commit: one company's sales committed one at a time (issue 10's sales
-- benchmark: backends waiting on Lock:transactionid / Lock:tuple 84 % of the time).
--
-- Sale numbers: a sequence per company. nextval() takes no lock that lasts to commit, so numbers
-- are unique and increasing per company but a sale that fails after taking one leaves a gap (a
-- receipt number, not a tax-invoice number: docs/decisions.md). UNIQUE (company_id, number) stays.
--
-- Counters: a write appends its changes as new rows (folded = false) and updates nothing, so two
-- writers never wait for each other here; a group's count is the sum of its rows (the report reads
-- already sum by group). Now and then (after a statement that wrote 64 deltas or more, otherwise
-- about one write statement in 64, when no other transaction of the company is folding) the deltas
-- are folded into one row per group (folded = true), so a company has its groups plus typically a
-- few hundred deltas.

-- ── sale numbers ──
CREATE FUNCTION stockwise_sale_sequence(company uuid) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT 'sale_numbers_' || replace(company::text, '-', '') $$;

-- The bound company's sequence (made if missing), continuing after its highest sale number: for a new
-- company (the seed), the migration below, and sales written with their numbers (seeds, benchmarks).
-- Runs as the owner (the app role cannot create sequences); the company is the transaction's own.
CREATE FUNCTION stockwise_sale_numbers_continue() RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $fn$
DECLARE
  company uuid := nullif(current_setting('app.company_id', true), '')::uuid;
  seq text;
  highest integer;
  given bigint;
BEGIN
  IF company IS NULL THEN
    RAISE EXCEPTION 'stockwise_sale_numbers_continue: no company bound';
  END IF;
  seq := stockwise_sale_sequence(company);
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS integer', seq);
  SELECT max(number) INTO highest FROM sales WHERE company_id = company;
  EXECUTE format('SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM %I', seq) INTO given;
  IF highest > given THEN
    PERFORM setval(seq, highest);
  END IF;
END
$fn$;
REVOKE ALL ON FUNCTION stockwise_sale_numbers_continue() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stockwise_sale_numbers_continue() TO stockwise_app;

-- The bound company's next sale number. The app role holds no grant on any sequence: it can draw
-- only from its own company's, through here.
CREATE FUNCTION stockwise_next_sale_number() RETURNS integer LANGUAGE sql SECURITY DEFINER
SET search_path = public
  AS $$ SELECT nextval(stockwise_sale_sequence(nullif(current_setting('app.company_id', true), '')::uuid)::regclass)::integer $$;
REVOKE ALL ON FUNCTION stockwise_next_sale_number() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stockwise_next_sale_number() TO stockwise_app;

-- A deleted company takes its sequence with it.
CREATE FUNCTION stockwise_drop_sale_numbers() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $fn$
BEGIN
  EXECUTE format('DROP SEQUENCE IF EXISTS %I', stockwise_sale_sequence(OLD.id));
  RETURN NULL;
END
$fn$;
CREATE TRIGGER companies_drop_sale_numbers AFTER DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION stockwise_drop_sale_numbers();

-- Existing companies continue after their counter (or their highest number, if higher).
ALTER TABLE sale_counters NO FORCE ROW LEVEL SECURITY;
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT company_id, last_number FROM sale_counters LOOP
    PERFORM set_config('app.company_id', c.company_id::text, true);
    PERFORM stockwise_sale_numbers_continue();
    IF c.last_number > 0 THEN
      PERFORM setval(stockwise_sale_sequence(c.company_id),
                     greatest(c.last_number, (SELECT coalesce(max(number), 0) FROM sales WHERE company_id = c.company_id)));
    END IF;
  END LOOP;
  PERFORM set_config('app.company_id', '', true);
END $$;
DROP TABLE sale_counters;

-- ── counters: deltas and folds ──
ALTER TABLE item_counts ADD COLUMN folded boolean NOT NULL DEFAULT false;
UPDATE item_counts SET folded = true;
DROP INDEX item_counts_key;
-- One folded row per group (what a fold adds to); reads and folds find a company's rows by company.
CREATE UNIQUE INDEX item_counts_folded ON item_counts (company_id, item_type_id, brand_id, model, location_id, status)
  NULLS NOT DISTINCT WHERE folded;
CREATE INDEX item_counts_company ON item_counts (company_id);

ALTER TABLE sale_days ADD COLUMN folded boolean NOT NULL DEFAULT false;
UPDATE sale_days SET folded = true;
ALTER TABLE sale_days DROP CONSTRAINT sale_days_pkey;
CREATE UNIQUE INDEX sale_days_folded ON sale_days (company_id, day) WHERE folded;
CREATE INDEX sale_days_company_day ON sale_days (company_id, day);

-- Folds the bound company's counter deltas into their groups, unless another transaction is doing
-- it (then that one will): folds never wait for each other, and writers never wait for a fold.
-- Plain SQL in the writer's transaction, as the app role: row-level security keeps it to the company.
CREATE FUNCTION stockwise_fold_counters() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  company uuid := nullif(current_setting('app.company_id', true), '')::uuid;
BEGIN
  IF company IS NULL OR NOT pg_try_advisory_xact_lock(hashtext('stockwise_fold_counters'), hashtext(company::text)) THEN
    RETURN;
  END IF;
  WITH gone AS (DELETE FROM item_counts WHERE company_id = company AND NOT folded RETURNING *)
  INSERT INTO item_counts AS c (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value, folded)
  SELECT company_id, item_type_id, brand_id, model, location_id, status, sum(items), sum(cost), sum(sale_value), true
    FROM gone GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (company_id, item_type_id, brand_id, model, location_id, status) WHERE folded DO UPDATE
    SET items = c.items + excluded.items, cost = c.cost + excluded.cost, sale_value = c.sale_value + excluded.sale_value;
  WITH gone AS (DELETE FROM sale_days WHERE company_id = company AND NOT folded RETURNING *)
  INSERT INTO sale_days AS d (company_id, day, sales, total, folded)
  SELECT company_id, day, sum(sales), sum(total), true FROM gone GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, day) WHERE folded DO UPDATE SET sales = d.sales + excluded.sales, total = d.total + excluded.total;
END
$fn$;

-- Folds after a statement that wrote many deltas (a big reception, an import, a seed: `added` rows),
-- and otherwise after one statement in 64 (random: a shared "writes since the last fold" counter
-- would be a hot row again).
CREATE FUNCTION stockwise_maybe_fold_counters(added bigint) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF added >= 64 OR random() < 1.0 / 64 THEN
    PERFORM stockwise_fold_counters();
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION stockwise_count_items() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  added bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO item_counts (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value)
    SELECT company_id, item_type_id, brand_id, model, location_id, status, count(*),
           coalesce(sum(cost), 0), coalesce(sum(sale_price), 0)
      FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO item_counts (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value)
    SELECT company_id, item_type_id, brand_id, model, location_id, status, -count(*),
           -coalesce(sum(cost), 0), -coalesce(sum(sale_price), 0)
      FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6;
  ELSE
    -- Only groups whose totals move: an edit of a custom field adds no row.
    INSERT INTO item_counts (company_id, item_type_id, brand_id, model, location_id, status, items, cost, sale_value)
    SELECT company_id, item_type_id, brand_id, model, location_id, status, sum(n), sum(cost), sum(sale_value)
      FROM (SELECT company_id, item_type_id, brand_id, model, location_id, status, 1 AS n,
                   coalesce(cost, 0) AS cost, coalesce(sale_price, 0) AS sale_value FROM new_rows
            UNION ALL
            SELECT company_id, item_type_id, brand_id, model, location_id, status, -1,
                   -coalesce(cost, 0), -coalesce(sale_price, 0) FROM old_rows) d
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(n) <> 0 OR sum(cost) <> 0 OR sum(sale_value) <> 0;
  END IF;
  GET DIAGNOSTICS added = ROW_COUNT;
  PERFORM stockwise_maybe_fold_counters(added);
  RETURN NULL;
END
$fn$;

-- Sales are written with their number now (the sequence): counted by the insert trigger; the
-- trigger for a number given later has nothing left to count.
DROP TRIGGER sales_count_numbered ON sales;
DROP FUNCTION stockwise_count_sale();
CREATE OR REPLACE FUNCTION stockwise_count_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  added bigint;
BEGIN
  INSERT INTO sale_days (company_id, day, sales, total)
  SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*), sum(total)
    FROM new_rows WHERE number IS NOT NULL GROUP BY 1, 2;
  -- A sale's items were written in the same transaction, whose trigger takes the 1-in-64 chance.
  GET DIAGNOSTICS added = ROW_COUNT;
  IF added >= 64 THEN
    PERFORM stockwise_fold_counters();
  END IF;
  RETURN NULL;
END
$fn$;

-- New companies: their sale-number sequence instead of a counter row (the rest of the seed as in 0010).
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
  PERFORM stockwise_sale_numbers_continue();
END
$fn$;
