-- sales: returns of sold items (reason, refund, the sale line returned), voids of same-day sales, scrap reasons,
-- refunds in the sales counters, the sales.void claim

-- A return or a scrap says why on its event; a return also what was paid back. Both stay on the
-- append-only history; any event may carry a reason (a repair's "replaced screen").
ALTER TABLE item_events
  ADD COLUMN reason text CHECK (reason IS NULL OR (reason = btrim(reason) AND reason <> '')),
  ADD COLUMN refund numeric(12, 2) CHECK (refund IS NULL OR refund >= 0);
-- A void puts a sale's items back as they were before it: an event of its own kind (not a
-- transaction type: no claim on a type, no from/to statuses of a type — each item goes back to its own).
DO $$
DECLARE check_name text;
BEGIN
  SELECT conname INTO check_name FROM pg_constraint
   WHERE conrelid = 'item_events'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%''edit''%';
  EXECUTE format('ALTER TABLE item_events DROP CONSTRAINT %I', check_name);
END $$;
ALTER TABLE item_events ADD CONSTRAINT item_events_kind_check
  CHECK (kind IN ('receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap', 'edit', 'void'));

-- A sale line is returned once: the return event that took it back.
ALTER TABLE sale_lines ADD COLUMN returned_by uuid,
  ADD FOREIGN KEY (company_id, returned_by) REFERENCES item_events(company_id, id);
CREATE UNIQUE INDEX sale_lines_returned_by ON sale_lines (company_id, returned_by) WHERE returned_by IS NOT NULL;

-- A void keeps the sale (its number stays taken, its lines say what was sold) and marks it.
ALTER TABLE sales ADD COLUMN voided_at timestamptz, ADD COLUMN voided_by uuid, ADD COLUMN void_reason text,
  ADD FOREIGN KEY (company_id, voided_by) REFERENCES users(company_id, id),
  ADD CHECK ((voided_at IS NULL) = (voided_by IS NULL));

-- ── counters: refunds per day, voids taken back ──
-- The dashboard's sales per day net of refunds: a refund counts on the day it was paid back (its
-- event's UTC day); a void takes its sale's count and total back from the sale's own day. Deltas,
-- as every counter write since 0013, folded later.
ALTER TABLE sale_days ADD COLUMN refunds numeric(18, 2) NOT NULL DEFAULT 0;

CREATE FUNCTION stockwise_count_refunds() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO sale_days (company_id, day, sales, total, refunds)
  SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0, sum(refund)
    FROM new_rows WHERE refund > 0 GROUP BY 1, 2;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER item_events_count_refunds AFTER INSERT ON item_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_count_refunds();

CREATE FUNCTION stockwise_count_void() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO sale_days (company_id, day, sales, total)
  VALUES (NEW.company_id, (NEW.created_at AT TIME ZONE 'UTC')::date, -1, -NEW.total);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER sales_count_void AFTER UPDATE OF voided_at ON sales
  FOR EACH ROW WHEN (OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL) EXECUTE FUNCTION stockwise_count_void();

-- The fold of 0013 with the refunds summed as well.
CREATE OR REPLACE FUNCTION stockwise_fold_counters() RETURNS void LANGUAGE plpgsql AS $fn$
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
  INSERT INTO sale_days AS d (company_id, day, sales, total, refunds, folded)
  SELECT company_id, day, sum(sales), sum(total), sum(refunds), true FROM gone GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, day) WHERE folded DO UPDATE
    SET sales = d.sales + excluded.sales, total = d.total + excluded.total, refunds = d.refunds + excluded.refunds;
END
$fn$;

-- ── the sales.void claim ──
-- Widened from whatever list the check holds when this runs (another migration of the same
-- release widens it too): this one adds its word without restating the others'.
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
   WHERE conrelid = 'role_claims'::regclass AND conname = 'role_claims_permission_check';
  ALTER TABLE role_claims DROP CONSTRAINT role_claims_permission_check;
  -- def is "CHECK (<expression>)": the expression, or sales.void.
  EXECUTE format('ALTER TABLE role_claims ADD CONSTRAINT role_claims_permission_check CHECK (%s OR claim_value = %L)',
                 substr(def, length('CHECK ') + 1), 'sales.void');
END $$;

-- New companies: Admin's row in the one seed definition (migrations/repeatable/seed-company.sql).

-- Existing companies' Admin roles get it as well (custom roles stay as their owners made them).
ALTER TABLE roles NO FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims NO FORCE ROW LEVEL SECURITY;
INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
SELECT company_id, id, 'permission', 'sales.void' FROM roles WHERE name = 'Admin' AND built_in
ON CONFLICT DO NOTHING;
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims FORCE ROW LEVEL SECURITY;
