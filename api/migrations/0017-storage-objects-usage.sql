-- storage: one row per stored object (item photo, logo, profile picture), so a company's storage
-- use is a sum in the database — checked against its plan's allowance in the same transaction that
-- adds, replaces or removes the row (the bytes themselves stay in the object store).
CREATE TABLE storage_objects (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  bucket text NOT NULL,
  name text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, bucket, name)
);
SELECT stockwise_tenant_table('storage_objects');
