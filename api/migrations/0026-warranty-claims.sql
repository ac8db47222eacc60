-- warranty: claims on items under warranty (open → sent to supplier → repaired / replaced → closed),
-- each step an event in the item's history; the warranty.manage claim

-- A claim is opened on an item whose warranty has not ended, names the supplier the item came from
-- and the customer who brought it (both as they were at opening: a later edit of the item does not
-- rewrite whom the claim went to), and says what is wrong. Closing records its outcome: repaired or
-- replaced (the supplier's answer), or rejected (closed without either).
CREATE TABLE warranty_claims (
  company_id uuid NOT NULL REFERENCES companies(id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  item_id uuid NOT NULL,
  vendor_id uuid,
  customer_id uuid,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'sent', 'repaired', 'replaced', 'closed')),
  outcome text CHECK (outcome IN ('repaired', 'replaced', 'rejected')),
  fault text NOT NULL CHECK (fault = btrim(fault) AND fault <> ''),
  -- The item's status when it went to the supplier: it gets it back when the claim closes.
  status_before text REFERENCES item_statuses(key),
  opened_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id),
  FOREIGN KEY (company_id, vendor_id) REFERENCES customers(company_id, id),
  FOREIGN KEY (company_id, customer_id) REFERENCES customers(company_id, id),
  FOREIGN KEY (company_id, opened_by) REFERENCES users(company_id, id),
  CHECK ((state = 'closed') = (closed_at IS NOT NULL)),
  CHECK ((state = 'closed') = (outcome IS NOT NULL) OR state IN ('repaired', 'replaced')),
  CHECK (state NOT IN ('repaired', 'replaced') OR outcome = state)
);
-- One claim at a time per item: a second opening while one is not closed is refused by the database too.
CREATE UNIQUE INDEX warranty_claims_one_open ON warranty_claims (company_id, item_id) WHERE state <> 'closed';
CREATE INDEX warranty_claims_by_item ON warranty_claims (company_id, item_id, created_at);
SELECT stockwise_tenant_table('warranty_claims');
-- A claim is never deleted: its steps are on the append-only history.
REVOKE DELETE ON warranty_claims FROM stockwise_app;

-- Each step of a claim is an event of its own kind on the item (as a void is: no transaction type,
-- no claim on a type), naming the claim and the state it reached.
DO $$
DECLARE check_name text;
BEGIN
  SELECT conname INTO check_name FROM pg_constraint
   WHERE conrelid = 'item_events'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%''void''%';
  EXECUTE format('ALTER TABLE item_events DROP CONSTRAINT %I', check_name);
END $$;
ALTER TABLE item_events ADD CONSTRAINT item_events_kind_check
  CHECK (kind IN ('receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap', 'edit', 'void', 'warranty'));
ALTER TABLE item_events ADD COLUMN warranty_claim_id uuid,
  ADD COLUMN warranty_state text CHECK (warranty_state IN ('open', 'sent', 'repaired', 'replaced', 'closed')),
  ADD FOREIGN KEY (company_id, warranty_claim_id) REFERENCES warranty_claims(company_id, id),
  ADD CHECK ((kind = 'warranty') = (warranty_claim_id IS NOT NULL AND warranty_state IS NOT NULL));
CREATE INDEX item_events_warranty_claim ON item_events (company_id, warranty_claim_id)
  WHERE warranty_claim_id IS NOT NULL;

-- ── the warranty.manage claim ──
-- Widened from whatever list the check holds when this runs (as 0025 did for sales.void).
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
   WHERE conrelid = 'role_claims'::regclass AND conname = 'role_claims_permission_check';
  ALTER TABLE role_claims DROP CONSTRAINT role_claims_permission_check;
  EXECUTE format('ALTER TABLE role_claims ADD CONSTRAINT role_claims_permission_check CHECK (%s OR claim_value = %L)',
                 substr(def, length('CHECK ') + 1), 'warranty.manage');
END $$;

-- New companies: the rows in the one seed definition (migrations/repeatable/seed-company.sql).
-- Existing companies' built-in Admin and Storekeeper (who runs repairs) get it as well; custom
-- roles stay as their owners made them.
ALTER TABLE roles NO FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims NO FORCE ROW LEVEL SECURITY;
INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
SELECT company_id, id, 'permission', 'warranty.manage' FROM roles WHERE name IN ('Admin', 'Storekeeper') AND built_in
ON CONFLICT DO NOTHING;
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
ALTER TABLE role_claims FORCE ROW LEVEL SECURITY;
