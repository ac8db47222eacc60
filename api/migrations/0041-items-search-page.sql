-- items: a fragment search's page in reception order is sorted and cut inside the search function
--
-- stockwise_item_search() (0022, 0030) answers every match of a fragment; the list then sorted
-- them and kept 51. A SQL-language function is planned with its fragment unknown and hands its
-- rows over through a tuplestore, so a common fragment ("0012": 11,199 of 500,000 items) paid for
-- all its matches twice: 80–113 ms a page at load 25, against 28–42 ms for the same query written
-- out with constants (docs/benchmarks.md, "fragment search page"). This function plans its query
-- on each call with the call's own company, pattern and cursor (EXECUTE … USING), sorts the
-- matches there (a top-N sort: only `want` rows are kept) and answers only those. want = NULL
-- answers every match after the cursor, in order, for a list that filters the items further
-- (status, location…) and so may need more than a page of matches.
--
-- Same guard as 0022: SECURITY DEFINER over a table the app role cannot read, the company bound
-- from the transaction's own app.company_id, never from an argument.
CREATE FUNCTION stockwise_item_search_page(fragment text, newest boolean, after_at timestamptz, after_id uuid, want integer)
RETURNS TABLE (item_id uuid, received_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $fn$
DECLARE
  company uuid := nullif(current_setting('app.company_id', true), '')::uuid;
  dir text := CASE WHEN newest THEN 'DESC' ELSE 'ASC' END;
BEGIN
  IF company IS NULL OR fragment IS NULL OR position(E'\x1f' in fragment) > 0 THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT s.item_id, s.received_at FROM item_search s
      WHERE s.company_id = $1 AND s.words LIKE $2
        AND ($3::timestamptz IS NULL OR (s.received_at, s.item_id) %s ($3, $4))
      ORDER BY s.received_at %s, s.item_id %s LIMIT $5',
    CASE WHEN newest THEN '<' ELSE '>' END, dir, dir)
  USING company,
        '%' || replace(replace(replace(lower(fragment), '\', '\\'), '%', '\%'), '_', '\_') || '%',
        after_at, after_id, want;
END
$fn$;
REVOKE ALL ON FUNCTION stockwise_item_search_page(text, boolean, timestamptz, uuid, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION stockwise_item_search_page(text, boolean, timestamptz, uuid, integer) TO stockwise_app;
