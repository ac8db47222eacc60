import { QueryClient } from '@tanstack/react-query';

/**
 * The query-client settings of the whole page. The shell creates the one client every remote
 * mounts under (so a save in one screen refreshes every screen showing the same resource);
 * StandaloneHost creates one with the same settings.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}
