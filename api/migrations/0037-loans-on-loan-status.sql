-- loans: an item checked out to a person — a user of the company or a customer — until a due time,
-- and checked in later (Snipe-IT's check-out). The 'on_loan' status, the loans, the check_out and
-- check_in events naming the loan, the items.lend claim, and overdue loans among the alerts.

-- Lent: still the company's (held, counted as stock) but not on the shelf and not for sale. A
-- status rather than a flag beside it: every rule that reads the status (the Sell type's source
-- statuses, the counts by status, a stock-take's expected items) sees it without a join.
INSERT INTO item_statuses (key, name, sort_order) VALUES ('on_loan', 'On loan', 10) ON CONFLICT DO NOTHING;

-- One open loan per item. from_status: what the item was, and is again once checked in.
CREATE TABLE loans (
  company_id uuid NOT NULL REFERENCES companies(id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  item_id uuid NOT NULL,
  -- to whom: a user of the company or a customer, exactly one
  user_id uuid,
  customer_id uuid,
  due_at timestamptz NOT NULL,
  from_status text NOT NULL REFERENCES item_statuses(key),
  note text CHECK (note = btrim(note) AND note <> ''),
  checked_out_by uuid NOT NULL,
  checked_out_at timestamptz NOT NULL DEFAULT now(),
  checked_in_by uuid,
  checked_in_at timestamptz,
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id),
  FOREIGN KEY (company_id, customer_id) REFERENCES customers(company_id, id),
  FOREIGN KEY (company_id, checked_out_by) REFERENCES users(company_id, id),
  FOREIGN KEY (company_id, checked_in_by) REFERENCES users(company_id, id),
  CHECK ((user_id IS NULL) <> (customer_id IS NULL)),
  CHECK ((checked_in_at IS NULL) = (checked_in_by IS NULL)),
  CHECK (due_at > checked_out_at)
);
-- An item is lent to one person at a time: a second check-out of it is a 409, not a second row.
CREATE UNIQUE INDEX loans_one_open ON loans (company_id, item_id) WHERE checked_in_at IS NULL;
-- The open list (and the overdue alert) by due time; the returned list by check-in time.
CREATE INDEX loans_open_by_due ON loans (company_id, due_at, id) WHERE checked_in_at IS NULL;
CREATE INDEX loans_returned ON loans (company_id, checked_in_at, id) WHERE checked_in_at IS NOT NULL;
CREATE INDEX loans_by_item ON loans (company_id, item_id, checked_out_at);
SELECT stockwise_tenant_table('loans');
REVOKE DELETE ON loans FROM stockwise_app;

-- A check-out and a check-in are events of their own kinds on the item's history, naming the loan
-- (who, to whom, the due time are the loan's).
ALTER TABLE item_events DROP CONSTRAINT item_events_kind_check;
ALTER TABLE item_events ADD CONSTRAINT item_events_kind_check
  CHECK (kind IN ('receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap', 'edit', 'void', 'warranty',
                  'stocktake', 'check_out', 'check_in'));
ALTER TABLE item_events ADD COLUMN loan_id uuid,
  ADD FOREIGN KEY (company_id, loan_id) REFERENCES loans(company_id, id),
  ADD CHECK ((kind IN ('check_out', 'check_in')) = (loan_id IS NOT NULL));

-- The daily digest looks at the companies with a reorder point or an open loan (an overdue one
-- is open); the alert sources decide what each has.
CREATE OR REPLACE FUNCTION stockwise_alert_companies() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $fn$
  SELECT company_id FROM reorder_points
  UNION
  SELECT company_id FROM loans WHERE checked_in_at IS NULL AND due_at < now()
$fn$;

-- items.lend: checks items out and in, sees the loans and gets the overdue ones as alerts. Who
-- keeps the stock: the Admin and the Storekeeper (the owner holds every claim).
SELECT stockwise_add_built_in_claim('items.lend', ARRAY['Admin', 'Storekeeper']);
