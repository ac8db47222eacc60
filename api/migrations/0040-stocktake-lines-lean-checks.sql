-- stocktake_lines: the close writes one line per scanned serial and per missing item (about 10,000
-- for a 10,000-item location) in one statement, and every line paid four foreign-key checks, each a
-- look-up with a row lock. Two of them prove nothing the other two do not:
-- - the company: the line's count, (company_id, stocktake_id) → stocktakes, is a row of an existing
--   company already (stocktakes.company_id references companies);
-- - the status: the close copies it, in the same statement, from the item's own status, itself a
--   foreign key to item_statuses (and null for a serial no item has).
-- The count and the item keep their keys. Measured on the 1,000,000-item data set, the close's
-- variance statement for 9,640 lines: 2.9–3.2 s with the four checks, 1.8–2.3 s with two, same
-- minutes, alternating (docs/benchmarks.md, "Stock-takes").
ALTER TABLE stocktake_lines DROP CONSTRAINT stocktake_lines_company_id_fkey,
  DROP CONSTRAINT stocktake_lines_status_fkey;
