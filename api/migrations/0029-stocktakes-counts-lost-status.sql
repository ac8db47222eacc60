-- stocktakes: counting a location (or every location) by scanning its serials from several devices
-- at once, then seeing what was found, missing or unexpected and applying it — missing items become
-- lost, misplaced ones move to the counted location — each an event on the item's history naming
-- the count; the stock.count claim; the 'lost' status

-- An item the count expected and nobody scanned: no longer held (not stock), but not gone for good
-- either — a later count that scans it brings it back.
INSERT INTO item_statuses (key, name, sort_order) VALUES ('lost', 'Lost', 9) ON CONFLICT DO NOTHING;

-- counting ⇄ paused → closed (the variance is frozen) → applied. A null location counts them all.
CREATE TABLE stocktakes (
  company_id uuid NOT NULL REFERENCES companies(id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  location_id uuid,
  state text NOT NULL DEFAULT 'counting' CHECK (state IN ('counting', 'paused', 'closed', 'applied')),
  note text CHECK (note = btrim(note) AND note <> ''),
  opened_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  applied_at timestamptz,
  applied_by uuid,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, location_id) REFERENCES locations(company_id, id),
  FOREIGN KEY (company_id, opened_by) REFERENCES users(company_id, id),
  FOREIGN KEY (company_id, applied_by) REFERENCES users(company_id, id),
  CHECK ((state IN ('closed', 'applied')) = (closed_at IS NOT NULL)),
  CHECK ((state = 'applied') = (applied_at IS NOT NULL AND applied_by IS NOT NULL))
);
-- One count in progress per location (and one of everything): two would each find the other's items missing.
CREATE UNIQUE INDEX stocktakes_one_open ON stocktakes (company_id, location_id) NULLS NOT DISTINCT
  WHERE state IN ('counting', 'paused');
CREATE INDEX stocktakes_by_created ON stocktakes (company_id, created_at, id);
SELECT stockwise_tenant_table('stocktakes');
REVOKE DELETE ON stocktakes FROM stockwise_app;

-- Each serial scanned once per count, whoever scans it and however often (the primary key makes a
-- second scan of it, from any phone, a no-op). Matched to items by serial when the count closes.
CREATE TABLE stocktake_scans (
  company_id uuid NOT NULL REFERENCES companies(id),
  stocktake_id uuid NOT NULL,
  serial_key text NOT NULL,
  serial text NOT NULL,
  scanned_by uuid NOT NULL,
  scanned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, stocktake_id, serial_key),
  FOREIGN KEY (company_id, stocktake_id) REFERENCES stocktakes(company_id, id),
  FOREIGN KEY (company_id, scanned_by) REFERENCES users(company_id, id)
);
CREATE INDEX stocktake_scans_by_time ON stocktake_scans (company_id, stocktake_id, scanned_at);
SELECT stockwise_tenant_table('stocktake_scans');
REVOKE DELETE ON stocktake_scans FROM stockwise_app;

-- The variance as it stood at closing (what applying acts on, and what the list counts): one row per
-- item found, missing or unexpected, and per unknown serial scanned. An item's location and status
-- are those it had at closing.
CREATE TABLE stocktake_lines (
  company_id uuid NOT NULL REFERENCES companies(id),
  stocktake_id uuid NOT NULL,
  serial text NOT NULL,
  item_id uuid,
  outcome text NOT NULL CHECK (outcome IN ('found', 'missing', 'elsewhere', 'sold', 'unknown')),
  location_id uuid,
  status text REFERENCES item_statuses(key),
  FOREIGN KEY (company_id, stocktake_id) REFERENCES stocktakes(company_id, id),
  FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id),
  CHECK ((outcome = 'unknown') = (item_id IS NULL))
);
CREATE INDEX stocktake_lines_by_outcome ON stocktake_lines (company_id, stocktake_id, outcome, serial);
SELECT stockwise_tenant_table('stocktake_lines');
REVOKE DELETE ON stocktake_lines FROM stockwise_app;

-- Applying a count is an event of its own kind on each item it changes (as a warranty step is),
-- naming the count.
ALTER TABLE item_events DROP CONSTRAINT item_events_kind_check;
ALTER TABLE item_events ADD CONSTRAINT item_events_kind_check
  CHECK (kind IN ('receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap', 'edit', 'void', 'warranty',
                  'stocktake'));
ALTER TABLE item_events ADD COLUMN stocktake_id uuid,
  ADD FOREIGN KEY (company_id, stocktake_id) REFERENCES stocktakes(company_id, id),
  ADD CHECK ((kind = 'stocktake') = (stocktake_id IS NOT NULL));
CREATE INDEX item_events_stocktake ON item_events (company_id, stocktake_id) WHERE stocktake_id IS NOT NULL;

-- ── the stock.count claim ──
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
   WHERE conrelid = 'role_claims'::regclass AND conname = 'role_claims_permission_check';
  ALTER TABLE role_claims DROP CONSTRAINT role_claims_permission_check;
  EXECUTE format('ALTER TABLE role_claims ADD CONSTRAINT role_claims_permission_check CHECK (%s OR claim_value = %L)',
                 substr(def, length('CHECK ') + 1), 'stock.count');
END $$;

-- New companies: the rows in the one seed definition (migrations/repeatable/seed-company.sql).
-- Existing companies' built-in Admin and Storekeeper (who keeps the stock) get it as well.
ALTER TABLE roles NO FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims NO FORCE ROW LEVEL SECURITY;
INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
SELECT company_id, id, 'permission', 'stock.count' FROM roles WHERE name IN ('Admin', 'Storekeeper') AND built_in
ON CONFLICT DO NOTHING;
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims FORCE ROW LEVEL SECURITY;
