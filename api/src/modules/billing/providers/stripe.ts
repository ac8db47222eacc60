import type { CheckoutOrder, CreatedCheckout, PaymentProvider } from './provider.js';

/** The few calls of the `stripe` SDK this adapter makes (a real Stripe client satisfies it). */
export interface StripeApi {
  checkout: {
    sessions: {
      create(
        params: Record<string, unknown>,
        options?: { idempotencyKey?: string },
      ): Promise<{ id: string; url: string | null }>;
    };
  };
  subscriptions: {
    update(id: string, params: { cancel_at_period_end: boolean }): Promise<unknown>;
  };
}

/** Stripe Checkout Sessions (STRIPE_SECRET_KEY); events come back to the webhook route. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: StripeApi,
    readonly webhookSecret: string,
    readonly publishableKey: string | null,
  ) {}

  async createCheckout(order: CheckoutOrder): Promise<CreatedCheckout> {
    // Amounts come from the catalogue (one source of truth for the price page and the charge);
    // the catalogue's Stripe price id travels in the metadata for reconciliation.
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency,
              unit_amount: order.amountCents,
              recurring: { interval: order.interval },
              product_data: { name: order.description },
            },
          },
        ],
        client_reference_id: order.companyId,
        ...(order.customerEmail ? { customer_email: order.customerEmail } : {}),
        metadata: { ...order.metadata, ...(order.catalogPriceId ? { catalogPriceId: order.catalogPriceId } : {}) },
        subscription_data: { metadata: order.metadata },
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      },
      // Stripe's own idempotency: a retried request gets the session the first one made.
      { idempotencyKey: `checkout:${order.companyId}:${order.idempotencyKey}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { url: session.url, sessionId: session.id };
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
  }
}
