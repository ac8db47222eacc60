import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ScreenTable } from '@stockwise/shared';
import { loadRemoteScreens, REMOTE_NAMES } from '@/mf/remotes';
import { buildMenu } from './build-menu';
import type { MenuEntry } from './menu-entry';

// A stable combine: the list of loaded tables keeps its identity while no table changes.
const loadedTables = (results: UseQueryResult<ScreenTable>[]) =>
  results.flatMap((result) => (result.data ? [result.data] : []));

/**
 * The drawer's entries from the screen tables of every remote (each exposes ./screens). A remote
 * that cannot be loaded adds nothing and takes nothing else down; its entries appear once it loads.
 */
export function useMenuEntries(): MenuEntry[] {
  const tables = useQueries({
    queries: REMOTE_NAMES.map((name) => ({
      queryKey: ['screen-table', name],
      queryFn: () => loadRemoteScreens(name),
      staleTime: Infinity,
      retry: 2,
    })),
    combine: loadedTables,
  });
  return useMemo(() => buildMenu(tables), [tables]);
}
