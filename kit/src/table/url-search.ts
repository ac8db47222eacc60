import { useCallback, useLayoutEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

// Where the next write starts from, shared by every writer of the address: what the router last
// rendered, unless writes made since are still on their way to the router — then the last of them.
let seen: string | null = null;
let latest: string | null = null;
/** Writes made and not rendered yet, oldest first (keys: path and search). */
let unrendered: string[] = [];

const keyOf = (pathname: string, search: string) => `${pathname}?${search}`;

/** The router rendered `key`: one of our writes arriving, or an address of its own (Back, a link). */
function onRendered(key: string) {
  if (key === seen) return;
  seen = key;
  const at = unrendered.indexOf(key);
  if (at >= 0) {
    // A write we made arrived; a later one may still be on its way, and stays the starting point.
    unrendered = unrendered.slice(at + 1);
    if (unrendered.length === 0) latest = key;
  } else {
    unrendered = [];
    latest = key;
  }
}

/**
 * `setSearchParams(update)` for screens with several writers of one URL (the grid's debounced
 * search, a filter select, paging). Each write starts from the latest address — the last one
 * written if the router has not rendered it yet, else the one it rendered — never from the
 * params of the render the writer's callback was made in: React Router hands an updater those, so
 * a search settling as the user picks a location would lose one of them, and the data grid keeps
 * the handlers of an earlier render until it re-renders itself, so a sort clicked just after
 * would drop the search it did not see.
 */
export function useSearchUpdate() {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const rendered = keyOf(pathname, search.toString());
  // Before the browser paints, so a press on what is shown starts from what is shown.
  useLayoutEffect(() => onRendered(rendered), [rendered]);
  return useCallback(
    (update: (current: URLSearchParams) => URLSearchParams) => {
      const from = latest?.startsWith(`${pathname}?`) ? latest : rendered;
      const next = update(new URLSearchParams(from.slice(from.indexOf('?') + 1)));
      const key = keyOf(pathname, next.toString());
      unrendered.push(key);
      latest = key;
      setSearch(next);
    },
    [pathname, rendered, setSearch],
  );
}
