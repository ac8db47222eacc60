-- A reception's search rows in one statement, not one trigger call per item.
--
-- A reception (or a CSV file) inserts its items in one statement, and each item's search row was
-- written by a row-level trigger: a PL/pgSQL call and a one-row INSERT … ON CONFLICT per item, a
-- thousand of each for a reception of 1,000 serials. A statement-level trigger now writes the new
-- items' rows at once from the statement's inserted rows: a new item has no search row yet, so it
-- is a plain INSERT. An edit of an item's serial, model, SKU or reception time keeps the row-level
-- trigger: PostgreSQL allows no transition table on a trigger that names its columns.

CREATE FUNCTION stockwise_item_search_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $fn$
BEGIN
  INSERT INTO item_search (company_id, item_id, words, received_at)
  SELECT company_id, id, stockwise_item_words(serial, model, sku), received_at FROM new_items;
  RETURN NULL;
END
$fn$;
REVOKE ALL ON FUNCTION stockwise_item_search_add() FROM PUBLIC;

DROP TRIGGER items_search_words ON items;
CREATE TRIGGER items_search_words_added AFTER INSERT ON items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION stockwise_item_search_add();
CREATE TRIGGER items_search_words AFTER UPDATE OF serial, model, sku, received_at ON items
  FOR EACH ROW EXECUTE FUNCTION stockwise_item_search_keep();
