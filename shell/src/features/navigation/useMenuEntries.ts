import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAccess, type ScreenTable } from '@stockwise/shared';
import { loadRemoteScreens, REMOTE_NAMES } from '@/mf/remotes';
import { buildMenu } from './build-menu';
import type { MenuEntry } from './menu-entry';

// A stable combine: the list of loaded tables keeps its identity while no table changes.
const loadedTables = (results: UseQueryResult<ScreenTable>[]) =>
  results.flatMap((result) => (result.data ? [result.data] : []));

/**
 * The screen tables of every remote (each exposes ./screens). A remote that cannot be loaded adds
 * nothing and takes nothing else down; its screens appear once it loads.
 */
function useScreenTables(): ScreenTable[] {
  return useQueries({
    queries: REMOTE_NAMES.map((name) => ({
      queryKey: ['screen-table', name],
      queryFn: () => loadRemoteScreens(name),
      staleTime: Infinity,
      retry: 2,
    })),
    combine: loadedTables,
  });
}

/** The drawer's entries, from the screen tables. */
export function useMenuEntries(): MenuEntry[] {
  const tables = useScreenTables();
  return useMemo(() => buildMenu(tables), [tables]);
}

/**
 * Whether to offer a link to the screen at `path` outside the drawer (the top bar): by the claims of
 * its row in its remote's table, as the drawer and the screen's own guard judge them — a role the
 * screen would refuse is not offered the way there. Not offered until the table and the user's
 * access are in; when the access answer cannot be read, offered, and the API decides (as the guard does).
 */
export function useMayOpen(path: string): boolean {
  const tables = useScreenTables();
  const access = useAccess();
  const screen = tables.flatMap((table) => table.screens).find((row) => `/${row.path}` === path);
  if (!screen) return false;
  if (access.unavailable) return true;
  return access.known && access.canAny(screen.claims);
}
