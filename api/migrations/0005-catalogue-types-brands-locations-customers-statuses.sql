-- catalogue: item types, brands, locations (kind, active), customers/vendors, statuses, transaction types, label settings
CREATE TABLE item_types (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name = btrim(name) AND name <> ''),
  serial_required boolean NOT NULL DEFAULT true,
  warranty_months integer NOT NULL DEFAULT 0 CHECK (warranty_months BETWEEN 0 AND 600),
  -- [{key, label, type: text|number|date|select|boolean, required, options?}]
  fields jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(fields) = 'array'),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX item_types_name_key ON item_types (company_id, lower(name));
SELECT stockwise_tenant_table('item_types');

CREATE TABLE brands (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name = btrim(name) AND name <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX brands_name_key ON brands (company_id, lower(name));
SELECT stockwise_tenant_table('brands');

ALTER TABLE locations ADD COLUMN kind text NOT NULL DEFAULT 'warehouse'
  CHECK (kind IN ('warehouse', 'store', 'other'));
ALTER TABLE locations DROP CONSTRAINT locations_company_id_name_key;
CREATE UNIQUE INDEX locations_name_key ON locations (company_id, lower(name));

CREATE TABLE customers (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name = btrim(name) AND name <> ''),
  is_customer boolean NOT NULL DEFAULT true,
  is_vendor boolean NOT NULL DEFAULT false,
  contact_name text,
  email text,
  phone text,
  tax_id text,
  address text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  CHECK (is_customer OR is_vendor)
);
CREATE INDEX customers_name ON customers (company_id, lower(name), id);
SELECT stockwise_tenant_table('customers');

-- The logical statuses are fixed (the engine's rules name them); a company renames them for display only.
CREATE TABLE item_statuses (
  key text PRIMARY KEY,
  name text NOT NULL,
  sort_order integer NOT NULL
);
INSERT INTO item_statuses (key, name, sort_order) VALUES
  ('in_stock', 'In stock', 1), ('in_process', 'In process', 2), ('reserved', 'Reserved', 3),
  ('in_transit', 'In transit', 4), ('sold', 'Sold', 5), ('returned', 'Returned', 6),
  ('defective', 'Defective', 7), ('scrapped', 'Scrapped', 8);
GRANT SELECT ON item_statuses TO stockwise_app;

CREATE TABLE status_names (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  key text NOT NULL REFERENCES item_statuses(key),
  display_name text NOT NULL CHECK (display_name = btrim(display_name) AND display_name <> ''),
  PRIMARY KEY (company_id, key)
);
SELECT stockwise_tenant_table('status_names');

CREATE TABLE transaction_types (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name = btrim(name) AND name <> ''),
  kind text NOT NULL CHECK (kind IN ('receive', 'process', 'sell', 'move', 'status_change', 'return', 'scrap')),
  -- receive, sell, move… for the seeded ones (the engine's entry points find them by it); null for a company's own
  built_in_key text,
  from_statuses text[] NOT NULL DEFAULT '{}',
  -- null: the status does not change (a move) or is chosen per call (a status change)
  to_status text REFERENCES item_statuses(key),
  default_from_location_id uuid,
  default_to_location_id uuid,
  customer_required boolean NOT NULL DEFAULT false,
  print_label boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, default_from_location_id) REFERENCES locations(company_id, id),
  FOREIGN KEY (company_id, default_to_location_id) REFERENCES locations(company_id, id)
);
CREATE UNIQUE INDEX transaction_types_name_key ON transaction_types (company_id, lower(name));
CREATE UNIQUE INDEX transaction_types_built_in_key ON transaction_types (company_id, built_in_key);
SELECT stockwise_tenant_table('transaction_types');

CREATE TABLE label_settings (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  width_mm integer NOT NULL DEFAULT 50 CHECK (width_mm BETWEEN 10 AND 300),
  height_mm integer NOT NULL DEFAULT 25 CHECK (height_mm BETWEEN 10 AND 300),
  symbology text NOT NULL DEFAULT 'code128' CHECK (symbology IN ('code128', 'qr')),
  fields text[] NOT NULL DEFAULT '{serial,model}',
  show_logo boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
SELECT stockwise_tenant_table('label_settings');
