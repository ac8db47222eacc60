import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, events, useSession, resourceKey } from '@stockwise/shared';

/** The signed-in user's company (GET /api/company): a save anywhere that invalidates it refreshes the sidebar. */
export const COMPANY_QUERY_KEY = resourceKey('company');

/** The signed-in user's company (logo, name); refetched when a logo-updated event arrives (spec §4). */
export function useCompany() {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...COMPANY_QUERY_KEY, token],
    enabled: Boolean(token),
    retry: false,
    queryFn: () => call('GET', '/api/company'),
  });
  useEffect(
    () => events.on('logo-updated', () => void queryClient.invalidateQueries({ queryKey: COMPANY_QUERY_KEY })),
    [queryClient],
  );
  return query;
}
