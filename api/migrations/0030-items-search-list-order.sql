-- items: a fragment search orders its page on the search rows, then reads only the page's items
--
-- A common fragment (four digits of a numeric serial: "0012") matches thousands of a large
-- company's items. The list asked stockwise_item_search() for every matching id, fetched each of
-- those items to learn its received_at, then kept the newest 50: the cost grew with the matches,
-- and so did the tail of the search's latency. The search rows now carry received_at (set once,
-- at reception), so a newest- or oldest-first page is ordered and cut on them and only the page's
-- own items are read.

ALTER TABLE item_search ADD COLUMN received_at timestamptz;
-- The owner is subject to RLS on items too (FORCE): lifted for this statement, inside the
-- migration's transaction, as 0022 did.
ALTER TABLE items NO FORCE ROW LEVEL SECURITY;
UPDATE item_search s SET received_at = i.received_at FROM items i WHERE i.company_id = s.company_id AND i.id = s.item_id;
ALTER TABLE items FORCE ROW LEVEL SECURITY;
ALTER TABLE item_search ALTER COLUMN received_at SET NOT NULL;

CREATE OR REPLACE FUNCTION stockwise_item_search_keep() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $fn$
BEGIN
  INSERT INTO item_search (company_id, item_id, words, received_at)
  VALUES (NEW.company_id, NEW.id, stockwise_item_words(NEW.serial, NEW.model, NEW.sku), NEW.received_at)
  ON CONFLICT (company_id, item_id) DO UPDATE SET words = EXCLUDED.words, received_at = EXCLUDED.received_at;
  RETURN NULL;
END
$fn$;
DROP TRIGGER items_search_words ON items;
CREATE TRIGGER items_search_words AFTER INSERT OR UPDATE OF serial, model, sku, received_at ON items
  FOR EACH ROW EXECUTE FUNCTION stockwise_item_search_keep();

-- Same matches as before (see 0022), now with each item's received_at for the list's order.
DROP FUNCTION stockwise_item_search(text);
CREATE FUNCTION stockwise_item_search(fragment text) RETURNS TABLE (item_id uuid, received_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.item_id, s.received_at FROM item_search s
   WHERE s.company_id = nullif(current_setting('app.company_id', true), '')::uuid
     AND position(E'\x1f' in fragment) = 0
     AND s.words LIKE '%' || replace(replace(replace(lower(fragment), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
REVOKE ALL ON FUNCTION stockwise_item_search(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stockwise_item_search(text) TO stockwise_app;

-- Every search also scanned the trigram index's pending list: GIN's fast update queues new entries
-- (up to gin_pending_list_limit, 4 MB by default) and each scan reads that whole queue. After a few
-- thousand received items the queue cost a selective search more than the index itself (1,000,000
-- items, %2345%: 36 ms with 404 pending pages, 0.5 ms once flushed). A 256 kB queue bounds that
-- read to 32 pages and keeps receptions batched (inserting 10,000 rows into a trigram index on
-- PGlite: 1.2–1.4 s with the 4 MB queue, 10.9–11.8 s without a queue, 2.7 s with 256 kB).
ALTER INDEX item_search_words SET (gin_pending_list_limit = 256);
SELECT gin_clean_pending_list('item_search_words');
