import { useQuery } from '@tanstack/react-query';
import { call, resourceKey } from '@stockwise/shared';
import type { Addon, Plan } from '@stockwise/shared';

// The public price list (GET /api/subscription/plans and /addons): no sign-in needed.

export const catalogKeys = {
  plans: resourceKey('subscription', 'plans'),
  addons: resourceKey('subscription', 'addons'),
};

export async function fetchPlans(): Promise<Plan[]> {
  return call('GET', '/api/subscription/plans');
}

export async function fetchAddons(): Promise<Addon[]> {
  return call('GET', '/api/subscription/addons');
}

/** Spec §8: a failed plans fetch is silent (the page then says "Plans not available"). */
export const usePlans = () => useQuery({ queryKey: catalogKeys.plans, queryFn: fetchPlans, staleTime: 5 * 60_000 });
export const useAddons = () => useQuery({ queryKey: catalogKeys.addons, queryFn: fetchAddons, staleTime: 5 * 60_000 });
