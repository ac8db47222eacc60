-- items: search by any fragment of a serial, model or SKU, through a trigram index
--
-- Row-level security lets only leakproof operators reach an index, and LIKE / pg_trgm's operators
-- are not leakproof: a trigram index on items itself would never be used for the app role (every
-- search would read all of the company's items). So the searchable words live in a side table the
-- app role cannot read at all (no RLS, no grant), kept by a trigger, and reached only through
-- stockwise_item_search(), which binds the company from the transaction's own app.company_id the
-- way the sale-number functions do (0013). The items query stays under RLS: it keeps the ids the
-- function gives that are also its own company's rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE item_search (
  company_id uuid NOT NULL,
  item_id uuid NOT NULL,
  -- lower(serial), lower(model), lower(sku), separated by a unit separator no search may contain,
  -- so a fragment never matches across two fields.
  words text NOT NULL,
  PRIMARY KEY (company_id, item_id),
  FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id) ON DELETE CASCADE
);
REVOKE ALL ON item_search FROM PUBLIC;
REVOKE ALL ON item_search FROM stockwise_app;
CREATE INDEX item_search_words ON item_search USING gin (words gin_trgm_ops);

CREATE FUNCTION stockwise_item_words(serial text, model text, sku text) RETURNS text LANGUAGE sql IMMUTABLE
  AS $$ SELECT lower(serial) || E'\x1f' || lower(coalesce(model, '')) || E'\x1f' || lower(coalesce(sku, '')) $$;

CREATE FUNCTION stockwise_item_search_keep() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $fn$
BEGIN
  INSERT INTO item_search (company_id, item_id, words)
  VALUES (NEW.company_id, NEW.id, stockwise_item_words(NEW.serial, NEW.model, NEW.sku))
  ON CONFLICT (company_id, item_id) DO UPDATE SET words = EXCLUDED.words;
  RETURN NULL;
END
$fn$;
REVOKE ALL ON FUNCTION stockwise_item_search_keep() FROM PUBLIC;
CREATE TRIGGER items_search_words AFTER INSERT OR UPDATE OF serial, model, sku ON items
  FOR EACH ROW EXECUTE FUNCTION stockwise_item_search_keep();

-- The bound company's items whose serial, model or SKU contains the fragment, case-insensitively
-- (LIKE's wildcards in the fragment are taken literally). Meant for fragments of 3 or more
-- characters: a shorter one has no trigram and would read every row of the company.
CREATE FUNCTION stockwise_item_search(fragment text) RETURNS SETOF uuid LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS $$
  SELECT s.item_id FROM item_search s
   WHERE s.company_id = nullif(current_setting('app.company_id', true), '')::uuid
     AND position(E'\x1f' in fragment) = 0
     AND s.words LIKE '%' || replace(replace(replace(lower(fragment), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
REVOKE ALL ON FUNCTION stockwise_item_search(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stockwise_item_search(text) TO stockwise_app;

-- Items stored before this migration. The owner is subject to RLS too (FORCE): lifted for this
-- one statement, inside the migration's transaction.
ALTER TABLE items NO FORCE ROW LEVEL SECURITY;
INSERT INTO item_search (company_id, item_id, words)
  SELECT company_id, id, stockwise_item_words(serial, model, sku) FROM items;
ALTER TABLE items FORCE ROW LEVEL SECURITY;
