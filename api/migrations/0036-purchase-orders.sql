-- purchase orders: what a company orders from a vendor (lines by product model, quantity, unit cost),
-- numbered per company (PO-0001…), sent to the vendor by mail with the order as a PDF, and received
-- against — each received item's event names its order; the purchasing.manage claim; mail
-- attachments in the outbox.
-- (Numbered 0036 in the session plan: 0035 while this branch is alone, the runner refusing gaps.)

-- draft → sent → partly_received → received; draft or sent (nothing received yet) → cancelled.
CREATE TABLE purchase_orders (
  company_id uuid NOT NULL REFERENCES companies(id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  number integer NOT NULL CHECK (number > 0),
  vendor_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'sent', 'partly_received', 'received', 'cancelled')),
  note text CHECK (note = btrim(note) AND note <> ''),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  -- the address it was mailed to (the vendor's at the time)
  sent_to text,
  cancelled_at timestamptz,
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, number),
  FOREIGN KEY (company_id, vendor_id) REFERENCES customers(company_id, id),
  FOREIGN KEY (company_id, created_by) REFERENCES users(company_id, id),
  CHECK ((status = 'draft' OR status = 'cancelled') OR sent_at IS NOT NULL),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
-- The list's order (newest first: number descending), keyset-paged, and its filters.
CREATE INDEX purchase_orders_by_status ON purchase_orders (company_id, status, number);
CREATE INDEX purchase_orders_by_vendor ON purchase_orders (company_id, vendor_id, number);
SELECT stockwise_tenant_table('purchase_orders');
-- Cancelled, never deleted: received items' history names their order.
REVOKE DELETE ON purchase_orders FROM stockwise_app;

-- One line per model of an order; received counts up as items are received against it, never past
-- the quantity (the reception refuses more).
CREATE TABLE purchase_order_lines (
  company_id uuid NOT NULL REFERENCES companies(id),
  order_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  model_id uuid NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
  unit_cost numeric(12, 2) NOT NULL CHECK (unit_cost >= 0),
  received integer NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, order_id, model_id),
  UNIQUE (company_id, order_id, position),
  FOREIGN KEY (company_id, order_id) REFERENCES purchase_orders(company_id, id),
  FOREIGN KEY (company_id, model_id) REFERENCES product_models(company_id, id),
  CHECK (received BETWEEN 0 AND quantity)
);
SELECT stockwise_tenant_table('purchase_order_lines');

-- PO numbers: one counter row per company, taken in the creating transaction (an order that fails
-- gives its number back, so numbers have no gaps: a vendor reads them). Orders are few; the row
-- lock serialises only one company's creations.
CREATE TABLE purchase_order_numbers (
  company_id uuid PRIMARY KEY REFERENCES companies(id),
  last integer NOT NULL CHECK (last > 0)
);
SELECT stockwise_tenant_table('purchase_order_numbers');

-- A reception against an order: its receive events name it.
ALTER TABLE item_events ADD COLUMN purchase_order_id uuid,
  ADD FOREIGN KEY (company_id, purchase_order_id) REFERENCES purchase_orders(company_id, id),
  ADD CHECK (purchase_order_id IS NULL OR kind = 'receive');
CREATE INDEX item_events_purchase_order ON item_events (company_id, purchase_order_id)
  WHERE purchase_order_id IS NOT NULL;

-- Mail may carry files (the order's PDF): [{filename, contentType, content (base64)}] in the outbox.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb;

-- purchasing.manage: writes, sends, cancels and reads purchase orders. Who buys the stock: the
-- Admin and the Storekeeper (the owner holds all).
SELECT stockwise_add_built_in_claim('purchasing.manage', ARRAY['Admin', 'Storekeeper']);
