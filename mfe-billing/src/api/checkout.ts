import { useMutation } from '@tanstack/react-query';
import { call } from '@stockwise/shared';
import type { ApiOperations, Checkout } from '@stockwise/shared';

export type CheckoutRequest = ApiOperations['createCheckout']['body'];

/** A fresh key for one purchase attempt (a retry of the same attempt reuses it). */
export function newIdempotencyKey(): string {
  const random =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `buy-${random}`;
}

export async function createCheckout(body: CheckoutRequest): Promise<Checkout> {
  return call('POST', '/api/billing/checkout', { body });
}

/**
 * Sends the browser to pay. With Stripe, Stripe.js is loaded first (only in that mode — the
 * embedded checkout never loads it) and the browser goes to the Checkout Session's page.
 */
export async function goToCheckout(
  checkout: Checkout,
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  if (checkout.provider === 'stripe' && checkout.publishableKey) {
    const { loadStripe } = await import('@stripe/stripe-js');
    await loadStripe(checkout.publishableKey);
  }
  navigate(checkout.url);
}

export function useCheckout() {
  return useMutation({
    mutationFn: async (body: CheckoutRequest) => {
      const checkout = await createCheckout(body);
      await goToCheckout(checkout);
      return checkout;
    },
  });
}
