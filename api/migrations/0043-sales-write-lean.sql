-- A sale's write, leaner for PostgreSQL (docs/decisions.md, "Request cost: lever 11").
--
-- A sale's item update can never be HOT (its status, customer, warranty end and updated_at are each
-- indexed: lever 2), so PostgreSQL adds an entry to every index of items whose predicate the new row
-- meets — one write to the index and one WAL record each. The customer's and the vendor's indexes
-- held an entry for every item, though nothing looks items up by a missing customer or vendor: every
-- reader asks for one customer's or one vendor's items (`customer_id = $1`, `vendor_id = $1`, the
-- foreign keys' checks the same), which a partial index on the non-null values answers, since an
-- equality never holds for NULL. A sale without a customer (a rapid sell) and any item without a
-- vendor now write two index entries fewer.
DROP INDEX items_customer;
CREATE INDEX items_customer ON items (company_id, customer_id) WHERE customer_id IS NOT NULL;
DROP INDEX items_vendor;
CREATE INDEX items_vendor ON items (company_id, vendor_id) WHERE vendor_id IS NOT NULL;

-- The bound company's next sale number, as PL/pgSQL: a non-inlinable SQL function's body is planned on
-- every call (a sale's write calls it once), a PL/pgSQL one's expression once per connection. Same
-- answer and grants as migration 0013's.
CREATE OR REPLACE FUNCTION stockwise_next_sale_number() RETURNS integer LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $fn$
BEGIN
  RETURN nextval(stockwise_sale_sequence(nullif(current_setting('app.company_id', true), '')::uuid)::regclass)::integer;
END
$fn$;
