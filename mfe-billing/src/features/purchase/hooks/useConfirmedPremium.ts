import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { auth, events, isPremium, resourceKey, session } from '@stockwise/shared';

/**
 * After the checkout's success page: reloads the subscription until the payment has turned it
 * Premium (at once with the embedded checkout; with Stripe when its webhook has arrived), then
 * caches it and announces it — the shell's top bar shows the Pro badge without a new sign-in.
 */
export function useConfirmedPremium(enabled: boolean) {
  const query = useQuery({
    // Under the subscription resource, but not under 'current': the shell's refresh of the
    // current subscription (which this hook sets off) must not restart the polling.
    queryKey: resourceKey('subscription', 'confirm-premium'),
    enabled,
    queryFn: () => auth.fetchCurrentSubscription(),
    refetchInterval: (q) => (isPremium(q.state.data) || q.state.dataUpdateCount > 40 ? false : 1500),
    gcTime: 0,
  });
  const premium = isPremium(query.data);
  // With Stripe the webhook may take a few seconds: say so rather than spin silently.
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setSlow(true), 6000);
    return () => clearTimeout(timer);
  }, [enabled]);
  useEffect(() => {
    if (!premium || !query.data) return;
    session.setSubscription(query.data);
    events.emit('subscription-updated');
  }, [premium, query.data]);
  return { premium, slow: !premium && slow, failed: query.isError };
}
