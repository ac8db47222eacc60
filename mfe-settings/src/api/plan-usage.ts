import { useQuery } from '@tanstack/react-query';
import { call, resourceKey } from '@stockwise/shared';

/** The plan's limits (plus add-ons) and what is in use: GET /api/billing/usage. */
export const PLAN_USAGE_KEY = resourceKey('billing', 'usage');

export function usePlanUsage() {
  return useQuery({
    queryKey: PLAN_USAGE_KEY,
    queryFn: () => call('GET', '/api/billing/usage'),
  });
}
