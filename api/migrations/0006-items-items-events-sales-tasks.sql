-- items: items, append-only item events, sales and sale lines, tasks
CREATE TABLE items (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  serial text NOT NULL CHECK (serial = btrim(serial) AND serial <> ''),
  -- What serials are compared by. A column, not an index on lower(serial): row-level security lets
  -- only leakproof operators reach an index, and lower() is not leakproof (= on text is).
  serial_key text GENERATED ALWAYS AS (lower(serial)) STORED,
  sku text,
  item_type_id uuid NOT NULL,
  brand_id uuid,
  model text,
  location_id uuid NOT NULL,
  status text NOT NULL REFERENCES item_statuses(key),
  cost numeric(12, 2),
  sale_price numeric(12, 2),
  vendor_id uuid,
  customer_id uuid,
  received_at timestamptz NOT NULL DEFAULT now(),
  sold_at timestamptz,
  warranty_months integer NOT NULL DEFAULT 0 CHECK (warranty_months BETWEEN 0 AND 600),
  warranty_ends_at timestamptz,
  fields jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(fields) = 'object'),
  images text[] NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, item_type_id) REFERENCES item_types(company_id, id),
  FOREIGN KEY (company_id, brand_id) REFERENCES brands(company_id, id),
  FOREIGN KEY (company_id, location_id) REFERENCES locations(company_id, id),
  FOREIGN KEY (company_id, vendor_id) REFERENCES customers(company_id, id),
  FOREIGN KEY (company_id, customer_id) REFERENCES customers(company_id, id)
);
-- A serial is unique per company, compared case-insensitively (it is stored trimmed).
CREATE UNIQUE INDEX items_serial_key ON items (company_id, serial_key);
CREATE INDEX items_serial_prefix ON items (company_id, serial_key text_pattern_ops);
-- Keyset orders of the item list, with the usual filters in front.
CREATE INDEX items_by_received ON items (company_id, received_at, id);
CREATE INDEX items_by_updated ON items (company_id, updated_at, id);
CREATE INDEX items_status_by_received ON items (company_id, status, received_at, id);
CREATE INDEX items_location_by_received ON items (company_id, location_id, received_at, id);
CREATE INDEX items_type ON items (company_id, item_type_id);
CREATE INDEX items_brand ON items (company_id, brand_id);
CREATE INDEX items_customer ON items (company_id, customer_id);
CREATE INDEX items_vendor ON items (company_id, vendor_id);
CREATE INDEX items_warranty ON items (company_id, warranty_ends_at) WHERE warranty_ends_at IS NOT NULL;
SELECT stockwise_tenant_table('items');

CREATE TABLE sales (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- Given last, just before commit: the counter row is the one lock all of a company's sales share,
  -- so it is held for one statement and the commit. Every committed sale has one.
  number integer,
  customer_id uuid,
  seller_id uuid NOT NULL,
  total numeric(14, 2) NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, number),
  FOREIGN KEY (company_id, customer_id) REFERENCES customers(company_id, id),
  FOREIGN KEY (company_id, seller_id) REFERENCES users(company_id, id)
);
CREATE INDEX sales_by_time ON sales (company_id, created_at, id);
CREATE INDEX sales_customer ON sales (company_id, customer_id);
SELECT stockwise_tenant_table('sales');

-- The next sale number of each company: one row, locked by the sale that takes a number.
CREATE TABLE sale_counters (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  last_number integer NOT NULL DEFAULT 0
);
SELECT stockwise_tenant_table('sale_counters');

CREATE TABLE sale_lines (
  company_id uuid NOT NULL,
  sale_id uuid NOT NULL,
  line integer NOT NULL,
  item_id uuid NOT NULL,
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  PRIMARY KEY (company_id, sale_id, line),
  FOREIGN KEY (company_id, sale_id) REFERENCES sales(company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id)
);
CREATE INDEX sale_lines_item ON sale_lines (company_id, item_id);
SELECT stockwise_tenant_table('sale_lines');

CREATE TABLE item_events (
  company_id uuid NOT NULL REFERENCES companies(id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  item_id uuid NOT NULL,
  -- the item's version this event produced: the chain of an item is 1, 2, 3… with no gap or twin
  item_version integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap', 'edit')),
  transaction_type_id uuid,
  from_location_id uuid,
  to_location_id uuid,
  from_status text,
  to_status text,
  customer_id uuid,
  sale_id uuid,
  user_id uuid,
  note text,
  deltas jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, item_id, item_version),
  FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id),
  FOREIGN KEY (company_id, transaction_type_id) REFERENCES transaction_types(company_id, id),
  FOREIGN KEY (company_id, sale_id) REFERENCES sales(company_id, id)
);
CREATE INDEX item_events_by_time ON item_events (company_id, created_at, id);
CREATE INDEX item_events_type ON item_events (company_id, transaction_type_id);
CREATE INDEX item_events_customer ON item_events (company_id, customer_id) WHERE customer_id IS NOT NULL;
SELECT stockwise_tenant_table('item_events');
-- History is append-only: the app role may add and read events, never change or remove one…
REVOKE UPDATE, DELETE, TRUNCATE ON item_events FROM stockwise_app;
-- …and the database refuses it for everybody else too (only the table owner could drop the trigger).
CREATE FUNCTION stockwise_refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'item history is append-only: % on item_events is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$fn$;
CREATE TRIGGER item_events_append_only BEFORE UPDATE OR DELETE ON item_events
  FOR EACH ROW EXECUTE FUNCTION stockwise_refuse_history_change();
CREATE TRIGGER item_events_no_truncate BEFORE TRUNCATE ON item_events
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_refuse_history_change();

CREATE TABLE tasks (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (title = btrim(title) AND title <> ''),
  kind text NOT NULL DEFAULT 'other' CHECK (kind IN ('process', 'transfer', 'warranty', 'other')),
  assignee_user_id uuid,
  assignee_role_id uuid,
  item_id uuid,
  to_location_id uuid,
  due_at timestamptz,
  note text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz,
  done_by uuid,
  PRIMARY KEY (company_id, id),
  CHECK (assignee_user_id IS NOT NULL OR assignee_role_id IS NOT NULL),
  FOREIGN KEY (company_id, assignee_user_id) REFERENCES users(company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, assignee_role_id) REFERENCES roles(company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id),
  FOREIGN KEY (company_id, to_location_id) REFERENCES locations(company_id, id)
);
CREATE INDEX tasks_user ON tasks (company_id, assignee_user_id, status, created_at);
CREATE INDEX tasks_role ON tasks (company_id, assignee_role_id, status, created_at);
SELECT stockwise_tenant_table('tasks');
