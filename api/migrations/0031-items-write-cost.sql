-- request cost: what an item's write costs the database (WAL, pages, index entries).
--
-- A sale (and every other item change) cannot be a HOT update on PostgreSQL 15: it changes status,
-- customer, warranty end and updated_at, and the list's status filter, a customer's items, the
-- warranty report and the "recently changed" order each need an index on one of them. So every
-- item write adds an entry to each of the items' indexes; what can be cut is their number.
--
-- One serial index instead of two: the unique index on (company_id, serial_key) and the prefix
-- index beside it (text_pattern_ops, for the short-search range under RLS) held the same keys. A
-- text_pattern_ops btree also answers = (the same byte comparison), so the unique index is built
-- with it and serves both: one index entry fewer for every item written. It keeps its name, which
-- the API turns into "An item with this serial already exists.".
CREATE UNIQUE INDEX items_serial_key_pattern ON items (company_id, serial_key text_pattern_ops);
DROP INDEX items_serial_key;
DROP INDEX IF EXISTS items_serial_prefix;
ALTER INDEX items_serial_key_pattern RENAME TO items_serial_key;

-- Room on each page for an item's next version: an item's write then puts the new version on the
-- page that holds the old one (one page dirtied and logged, not two, and no full-page image of a
-- second page after a checkpoint). It is also what a HOT update needs, should the indexes above
-- ever allow one. Applies to pages written from now on (no rewrite of the table).
ALTER TABLE items SET (fillfactor = 90);
