import { useQuery } from '@tanstack/react-query';
import { api, resourceKey } from '@stockwise/shared';
import type { Addon, Plan } from '@stockwise/shared';

// The public price list (GET /api/subscription/plans and /addons): no sign-in needed.

export const catalogKeys = {
  plans: resourceKey('subscription', 'plans'),
  addons: resourceKey('subscription', 'addons'),
};

export async function fetchPlans(): Promise<Plan[]> {
  const { data } = await api.get<Plan[]>('/api/subscription/plans');
  return data;
}

export async function fetchAddons(): Promise<Addon[]> {
  const { data } = await api.get<Addon[]>('/api/subscription/addons');
  return data;
}

/** Spec §8: a failed plans fetch is silent (the page then says "Plans not available"). */
export const usePlans = () => useQuery({ queryKey: catalogKeys.plans, queryFn: fetchPlans, staleTime: 5 * 60_000 });
export const useAddons = () => useQuery({ queryKey: catalogKeys.addons, queryFn: fetchAddons, staleTime: 5 * 60_000 });
