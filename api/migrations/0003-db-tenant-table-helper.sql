-- db: stockwise_tenant_table(), the one way a table becomes a tenant table
-- A module writes `SELECT stockwise_tenant_table('brands');` after CREATE TABLE: row-level
-- security enabled and forced (the owner is filtered too), the tenant_isolation policy on the
-- company column, and DML for the app role. The column defaults to company_id.
CREATE OR REPLACE FUNCTION stockwise_tenant_table(tbl regclass, company_column text DEFAULT 'company_id')
RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s
       USING (%I = nullif(current_setting(''app.company_id'', true), '''')::uuid)
       WITH CHECK (%I = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
    tbl, company_column, company_column);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO stockwise_app', tbl);
END
$fn$;
