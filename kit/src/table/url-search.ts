import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

// The last write that the router may not have rendered yet: its starting point and its result.
let pending: { from: string; to: string } | null = null;

/**
 * `setSearchParams(update)` for screens with several writers of one URL (the grid's debounced
 * search, a filter select, paging). React Router hands an updater the search params of the last
 * render, so two writes before a re-render — a search that settles as the user picks a location —
 * would lose the first. A write that starts from the same rendered params as the one before it
 * starts from that one's result instead; once the router renders the result, renders are the truth.
 */
export function useSearchUpdate() {
  const [search, setSearch] = useSearchParams();
  const rendered = search.toString();
  useEffect(() => {
    // The write has been rendered: from here on a render is the truth (and Back to the old
    // address is a new starting point, not a stale one).
    if (pending?.to === rendered) pending = null;
  }, [rendered]);
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams) => {
      const base = pending && pending.from === rendered ? pending.to : rendered;
      const next = update(new URLSearchParams(base));
      pending = { from: rendered, to: next.toString() };
      setSearch(next);
    },
    [rendered, setSearch],
  );
}
