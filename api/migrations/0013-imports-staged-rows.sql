-- imports: a validated file's rows, staged before the one transaction that receives them
-- Staged in short transactions (the PGlite connection is free between them), then received with
-- one INSERT … SELECT: the write transaction holds no parsing, no parameter transfer and no
-- round trip per chunk. Unlogged: a crash empties it, and a job whose process died is failed
-- anyway (nothing of it was received). The item ids are chosen here, so the events can name them.
CREATE UNLOGGED TABLE import_rows (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  job_id uuid NOT NULL,
  line integer NOT NULL,
  item_id uuid NOT NULL DEFAULT gen_random_uuid(),
  serial text NOT NULL,
  item_type_id uuid NOT NULL,
  location_id uuid NOT NULL,
  brand_id uuid,
  model text,
  sku text,
  vendor_id uuid,
  cost numeric(12, 2),
  sale_price numeric(12, 2),
  warranty_months integer NOT NULL,
  fields jsonb NOT NULL,
  images text[] NOT NULL,
  PRIMARY KEY (company_id, job_id, line),
  FOREIGN KEY (company_id, job_id) REFERENCES import_jobs(company_id, id) ON DELETE CASCADE
);
SELECT stockwise_tenant_table('import_rows');

-- Rows staged so far: the first half of a job's progress (the second is rows_done, received).
ALTER TABLE import_jobs ADD COLUMN rows_staged integer NOT NULL DEFAULT 0 CHECK (rows_staged >= 0);
