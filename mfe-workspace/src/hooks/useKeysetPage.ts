import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

interface KeysetPage<Row> {
  items: Row[];
  nextCursor: string | null;
}

/**
 * One page of a keyset-paged API list for the kit's DataTable (the API gives no total). Page k
 * opens with the cursor page k-1 answered, read back from the query cache; a page whose chain is
 * not cached (a deep link, a reload) goes back to the first page. Returns DataTable's rowCount and
 * the grid's paginationMeta.
 */
export function useKeysetPage<Row, Query extends object>({
  key,
  query,
  page,
  pageSize,
  fetchPage,
  enabled = true,
}: {
  key: readonly unknown[];
  query: Query;
  page: number;
  pageSize: number;
  fetchPage: (query: Query & { cursor?: string; limit: number }) => Promise<KeysetPage<Row>>;
  enabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const [, setSearch] = useSearchParams();
  const base = { ...query, limit: pageSize };
  const keyOf = (cursor: string | undefined) => [...key, { ...base, cursor }];
  let cursor: string | undefined;
  let cursorKnown = true;
  for (let index = 1; index <= page; index++) {
    const previous = queryClient.getQueryData<KeysetPage<Row>>(keyOf(cursor));
    if (!previous?.nextCursor) {
      cursorKnown = false;
      break;
    }
    cursor = previous.nextCursor;
  }
  useEffect(() => {
    if (cursorKnown) return;
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete('page');
      return next;
    });
  }, [cursorKnown, setSearch]);

  const result = useQuery({
    queryKey: keyOf(cursor),
    queryFn: () => fetchPage({ ...base, cursor }),
    enabled: enabled && cursorKnown,
    placeholderData: keepPreviousData,
  });
  const rows = result.data?.items;
  const nextCursor = result.isPlaceholderData ? null : (result.data?.nextCursor ?? null);
  const unknownEnd = Boolean(nextCursor) || result.isPlaceholderData;
  return {
    result,
    rows,
    rowCount: unknownEnd ? -1 : page * pageSize + (rows?.length ?? 0),
    paginationMeta: { hasNextPage: unknownEnd },
  };
}
