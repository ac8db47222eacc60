import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, auth, resourceKey } from '@stockwise/shared';
import type { BillingOverview, BillingSubscription, Invitation, Location, PlanUsage } from '@stockwise/shared';

export const billingKeys = {
  usage: resourceKey('billing', 'usage'),
  overview: resourceKey('billing', 'overview'),
};

/** Limits (plan + add-ons) and what is in use — any signed-in member. */
export const useUsage = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.usage,
    enabled,
    queryFn: async () => (await api.get<PlanUsage>('/api/billing/usage')).data,
  });

/** Plan, interval, renewal date, add-ons and payments — Company Owner. */
export const useOverview = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.overview,
    enabled,
    queryFn: async () => (await api.get<BillingOverview>('/api/billing/overview')).data,
  });

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.usage }),
      queryClient.invalidateQueries({ queryKey: billingKeys.overview }),
    ]);
  };
}

/** Cancel at period end, or take it back; the shell hears of it through subscription-updated. */
export function useCancelAtPeriodEnd() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (cancel: boolean) =>
      (await api.post<BillingSubscription>(`/api/billing/subscription/${cancel ? 'cancel' : 'resume'}`)).data,
    onSuccess: async () => {
      await refresh();
      await auth.loadSubscription();
    },
  });
}

export function useInvite() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (email: string) =>
      (await api.post<Invitation>('/api/invitations', { email, roles: ['Storekeeper'] })).data,
    onSettled: refresh,
  });
}

export function useAddLocation() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: async (name: string) => (await api.post<Location>('/api/locations', { name })).data,
    onSettled: refresh,
  });
}
