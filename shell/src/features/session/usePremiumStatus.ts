import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  auth,
  events,
  hasRole,
  isPremium,
  planDisplayName,
  ROLES,
  session,
  useSession,
  resourceKey,
} from '@stockwise/shared';

export const SUBSCRIPTION_QUERY_KEY = resourceKey('subscription', 'current');

export interface PremiumStatus {
  /** The subscription load has finished (answered or failed). */
  loaded: boolean;
  premium: boolean;
  planName: string;
  isOwner: boolean;
  /** Spec §4: Go Premium shows for Company Owners only, once loading has finished, when not premium. */
  showGoPremium: boolean;
  /** Spec §§4, 6: the Pro badge and the Premium User label, for a premium Company Owner. */
  showProBadge: boolean;
}

/** The premium state of spec §4, from the subscription the API reports (and caches locally). */
export function usePremiumStatus(): PremiumStatus {
  const token = useSession((s) => s.token);
  const cached = useSession((s) => s.subscription);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...SUBSCRIPTION_QUERY_KEY, token],
    enabled: Boolean(token),
    retry: false,
    queryFn: async () => {
      const subscription = await auth.fetchCurrentSubscription();
      session.setSubscription(subscription);
      return subscription;
    },
  });

  // A purchase elsewhere (the billing remote) announces itself; reload then.
  useEffect(
    () =>
      events.on('subscription-updated', () => void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY })),
    [queryClient],
  );

  const loaded = query.isSuccess || query.isError;
  // Spec §8: a failed subscription fetch is treated as not premium.
  const subscription = query.isError ? null : (query.data ?? cached);
  const premium = !query.isError && isPremium(subscription);
  const isOwner = hasRole(ROLES.companyOwner, token);
  return {
    loaded,
    premium,
    planName: planDisplayName(subscription),
    isOwner,
    showGoPremium: isOwner && loaded && !premium,
    showProBadge: isOwner && premium,
  };
}
