import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auth, call, resourceKey, type ApiResource } from '@stockwise/shared';

export const billingKeys = {
  usage: resourceKey('billing', 'usage'),
  overview: resourceKey('billing', 'overview'),
};

/** Limits (plan + add-ons) and what is in use — any signed-in member. */
export const useUsage = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.usage,
    enabled,
    queryFn: () => call('GET', '/api/billing/usage'),
  });

/** Plan, interval, renewal date, add-ons and payments — Company Owner. */
export const useOverview = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.overview,
    enabled,
    queryFn: () => call('GET', '/api/billing/overview'),
  });

/**
 * After a change: the limits and the overview (the billing resource), and every other screen that
 * shows a resource the change touched — the settings remote's invitations, users and locations
 * share the page's query client.
 */
function useRefreshAfter(...touched: ApiResource[]) {
  const queryClient = useQueryClient();
  const resources: ApiResource[] = ['billing', ...touched];
  return () =>
    Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: resourceKey(resource) })));
}

/** Cancel at period end, or take it back; the shell hears of it through subscription-updated. */
export function useCancelAtPeriodEnd() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      cancel ? call('POST', '/api/billing/subscription/cancel') : call('POST', '/api/billing/subscription/resume'),
    onSuccess: async () => {
      await refresh();
      await auth.loadSubscription();
    },
  });
}

export function useInvite() {
  // A pending invitation takes a seat: the users resource holds the seat count.
  const refresh = useRefreshAfter('invitations', 'users');
  return useMutation({
    mutationFn: (email: string) => call('POST', '/api/invitations', { body: { email, roles: ['Storekeeper'] } }),
    onSettled: refresh,
  });
}

export function useAddLocation() {
  const refresh = useRefreshAfter('locations');
  return useMutation({
    mutationFn: (name: string) => call('POST', '/api/locations', { body: { name } }),
    onSettled: refresh,
  });
}
