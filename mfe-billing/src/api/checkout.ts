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
 * Creates a checkout. The local checkout is a page of its own, so the browser goes there; a Stripe
 * checkout comes with a client secret and is shown inside the page (components/EmbeddedPayment).
 */
export function useCheckout(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: async (body: CheckoutRequest) => {
      const checkout = await createCheckout(body);
      if (!checkout.clientSecret) navigate(checkout.url);
      return checkout;
    },
  });
}
