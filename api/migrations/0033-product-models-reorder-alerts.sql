-- product models: the catalogue of what a company stocks (a model / SKU of an item type and a brand,
-- with its default price, cost, warranty, barcode and image), items pointing to their model, the
-- existing free-text models matched to model rows (the text stays), reorder points (a minimum
-- quantity per model, company-wide or per location), the daily alert digest's log, the
-- stock.reorder claim, and ONE function that gives the built-in roles a new claim.

CREATE TABLE product_models (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  item_type_id uuid NOT NULL,
  -- Null: a model of no particular brand (the matching below makes those from items without one).
  brand_id uuid,
  name text NOT NULL CHECK (name = btrim(name) AND name <> ''),
  -- What names are compared by (a column: lower() is not leakproof, so RLS keeps it off an index).
  name_key text GENERATED ALWAYS AS (lower(name)) STORED,
  sale_price numeric(12, 2) CHECK (sale_price >= 0),
  cost numeric(12, 2) CHECK (cost >= 0),
  warranty_months integer NOT NULL DEFAULT 0 CHECK (warranty_months BETWEEN 0 AND 600),
  barcode text CHECK (barcode = btrim(barcode) AND barcode <> ''),
  image_path text,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, item_type_id) REFERENCES item_types(company_id, id),
  FOREIGN KEY (company_id, brand_id) REFERENCES brands(company_id, id)
);
-- One model of a name per type and brand; a barcode names one model in the company.
CREATE UNIQUE INDEX product_models_name_key ON product_models (company_id, item_type_id, brand_id, name_key)
  NULLS NOT DISTINCT;
CREATE UNIQUE INDEX product_models_barcode_key ON product_models (company_id, barcode);
-- The list's order (name, id), keyset-paged.
CREATE INDEX product_models_by_name ON product_models (company_id, name_key, id);
SELECT stockwise_tenant_table('product_models');
-- Archived, never deleted: items and history name their model.
REVOKE DELETE ON product_models FROM stockwise_app;

ALTER TABLE items ADD COLUMN model_id uuid,
  ADD FOREIGN KEY (company_id, model_id) REFERENCES product_models(company_id, id);
-- What the reorder evaluation counts: a model's items in stock, by location. An item that leaves
-- in_stock (sold, moved into a process, scrapped…) leaves the index: the count reads only those.
CREATE INDEX items_model_held ON items (company_id, model_id, location_id)
  WHERE model_id IS NOT NULL AND status = 'in_stock';

-- A minimum quantity of a model: company-wide (no location) or at one location. Below it, the
-- model is "to reorder" (docs/domain-models.md).
CREATE TABLE reorder_points (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  model_id uuid NOT NULL,
  location_id uuid,
  min_quantity integer NOT NULL CHECK (min_quantity BETWEEN 1 AND 1000000),
  FOREIGN KEY (company_id, model_id) REFERENCES product_models(company_id, id),
  FOREIGN KEY (company_id, location_id) REFERENCES locations(company_id, id)
);
CREATE UNIQUE INDEX reorder_points_key ON reorder_points (company_id, model_id, location_id) NULLS NOT DISTINCT;
SELECT stockwise_tenant_table('reorder_points');

-- One digest a company a day: the row is written by the run that sends it, so replicas (or a
-- retry) never send it twice.
CREATE TABLE alert_digests (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  recipients integer NOT NULL,
  lines integer NOT NULL,
  PRIMARY KEY (company_id, day)
);
SELECT stockwise_tenant_table('alert_digests');
REVOKE UPDATE, DELETE ON alert_digests FROM stockwise_app;

-- The daily digest runs with no company bound (a timer, not a request): this names the companies
-- it has anything to look at for, and nothing else. Ids only; each is then read bound to itself.
-- A later alert source (warranties ending, overdue loans) adds its companies to this union.
CREATE FUNCTION stockwise_alert_companies() RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $fn$
  SELECT DISTINCT company_id FROM reorder_points
$fn$;
REVOKE ALL ON FUNCTION stockwise_alert_companies() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stockwise_alert_companies() TO stockwise_app;

-- ── existing free-text models matched to model rows ──
-- One model per (item type, brand, trimmed text, compared without case), named as its first-received
-- item spells it; each item points to it and keeps its text. Price, cost and barcode stay unset (a
-- free-text model never had them); warranty is the item type's default.
ALTER TABLE items NO FORCE ROW LEVEL SECURITY;
ALTER TABLE product_models NO FORCE ROW LEVEL SECURITY;
INSERT INTO product_models (company_id, item_type_id, brand_id, name, warranty_months)
SELECT DISTINCT ON (i.company_id, i.item_type_id, i.brand_id, lower(btrim(i.model)))
       i.company_id, i.item_type_id, i.brand_id, btrim(i.model), t.warranty_months
  FROM items i JOIN item_types t ON t.company_id = i.company_id AND t.id = i.item_type_id
 WHERE btrim(i.model) <> ''
 ORDER BY i.company_id, i.item_type_id, i.brand_id, lower(btrim(i.model)), i.received_at, i.id
ON CONFLICT DO NOTHING;
UPDATE items i SET model_id = m.id
  FROM product_models m
 WHERE m.company_id = i.company_id AND m.item_type_id = i.item_type_id
   AND m.brand_id IS NOT DISTINCT FROM i.brand_id AND m.name_key = lower(btrim(i.model));
ALTER TABLE items FORCE ROW LEVEL SECURITY;
ALTER TABLE product_models FORCE ROW LEVEL SECURITY;

-- ── a new built-in claim, in one place ──
-- Migrations 0025, 0026 and 0029 each repeated a DO block that widens role_claims' CHECK and grants
-- the claim to existing companies' built-in roles. From here a migration calls this instead:
--   SELECT stockwise_add_built_in_claim('x.y', ARRAY['Admin', 'Storekeeper']);
-- (new companies get it from BUILT_IN_CLAIMS in repeatable/seed-company.sql). Idempotent: a claim
-- already in the CHECK is not added twice, a grant already there is kept.
CREATE FUNCTION stockwise_add_built_in_claim(claim text, role_names text[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
   WHERE conrelid = 'role_claims'::regclass AND conname = 'role_claims_permission_check';
  IF position(quote_literal(claim) IN def) = 0 THEN
    ALTER TABLE role_claims DROP CONSTRAINT role_claims_permission_check;
    EXECUTE format('ALTER TABLE role_claims ADD CONSTRAINT role_claims_permission_check CHECK (%s OR claim_value = %L)',
                   substr(def, length('CHECK ') + 1), claim);
  END IF;
  -- Row-level security is forced on these tables, for their owner too: lifted around the grant.
  ALTER TABLE roles NO FORCE ROW LEVEL SECURITY;
  ALTER TABLE role_claims NO FORCE ROW LEVEL SECURITY;
  INSERT INTO role_claims (company_id, role_id, claim_type, claim_value)
  SELECT company_id, id, 'permission', claim FROM roles WHERE built_in AND name = ANY(role_names)
  ON CONFLICT DO NOTHING;
  ALTER TABLE roles FORCE ROW LEVEL SECURITY;
  ALTER TABLE role_claims FORCE ROW LEVEL SECURITY;
END
$fn$;

-- stock.reorder: sees what is below its reorder point (dashboard, My Tasks, the report) and gets
-- the daily digest. Who keeps and buys the stock: the Admin and the Storekeeper (the owner holds all).
SELECT stockwise_add_built_in_claim('stock.reorder', ARRAY['Admin', 'Storekeeper']);
