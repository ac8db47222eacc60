import { useQuery } from '@tanstack/react-query';
import { api, resourceKey, type PlanUsage } from '@stockwise/shared';

/** The plan's limits (plus add-ons) and what is in use: GET /api/billing/usage. */
export const PLAN_USAGE_KEY = resourceKey('billing', 'usage');

export function usePlanUsage() {
  return useQuery({
    queryKey: PLAN_USAGE_KEY,
    queryFn: async () => (await api.get<PlanUsage>('/api/billing/usage')).data,
  });
}
