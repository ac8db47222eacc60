import { ApiError } from '../../../lib/errors.js';
import type { CheckoutOrder, CreatedCheckout, DuplicatePayment, PaymentProvider } from './provider.js';

export const PAYMENT_PROVIDER_ERROR = 'PAYMENT_PROVIDER_ERROR';

/**
 * Stripe refusing or not answering is neither the buyer's doing nor a bug here: 502, with Stripe's
 * error kept as the cause for the log; nothing has been written yet when a checkout call fails.
 */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw Object.assign(
      new ApiError(502, 'The payment provider did not answer as expected. Please try again.', PAYMENT_PROVIDER_ERROR),
      { cause: error },
    );
  }
}

const stripeCode = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;
/** Stripe's error `code` that means the work is already done: swallow it, rethrow anything else. */
const unless =
  (code: string) =>
  (error: unknown): null => {
    if (stripeCode(error) === code) return null;
    throw error;
  };

/** The few calls of the `stripe` SDK this adapter makes (a real Stripe client satisfies it). */
export interface StripeApi {
  checkout: {
    sessions: {
      create(
        params: Record<string, unknown>,
        options?: { idempotencyKey?: string },
      ): Promise<{ id: string; client_secret: string | null }>;
      retrieve(id: string): Promise<{ id: string; client_secret: string | null }>;
      expire(id: string): Promise<unknown>;
    };
  };
  subscriptions: {
    update(id: string, params: { cancel_at_period_end: boolean }): Promise<unknown>;
    cancel(id: string, params: Record<string, never>, options: { idempotencyKey: string }): Promise<unknown>;
  };
  invoicePayments: {
    list(params: {
      invoice: string;
      status: 'paid';
    }): Promise<{ data: { payment: { type: string; payment_intent?: string | { id: string } | null } }[] }>;
  };
  refunds: {
    create(
      params: { payment_intent: string; reason: 'duplicate'; metadata: Record<string, string> },
      options: { idempotencyKey: string },
    ): Promise<{ id: string }>;
    list(params: { payment_intent: string; limit: number }): Promise<{ data: { id: string }[] }>;
  };
}

/**
 * Stripe Checkout Sessions (STRIPE_SECRET_KEY) in Embedded Checkout mode: the purchase page shows
 * Stripe's form itself (`@stripe/react-stripe-js`, with the session's client secret) and Stripe
 * returns the buyer to the success URL; events come back to the webhook route.
 */
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
    const session = await viaStripe(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          ui_mode: 'embedded_page',
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
          // Embedded: no cancel URL (the buyer leaves by the page's own buttons), one return URL.
          return_url: order.successUrl,
        },
        // Stripe's own idempotency: a retried request gets the session the first one made.
        { idempotencyKey: `checkout:${order.companyId}:${order.idempotencyKey}` },
      ),
    );
    if (!session.client_secret) throw new Error('Stripe returned an embedded checkout session without a client secret');
    return { url: order.pageUrl, sessionId: session.id, clientSecret: session.client_secret };
  }

  async clientSecretOf(sessionId: string): Promise<string | null> {
    return (await viaStripe(() => this.stripe.checkout.sessions.retrieve(sessionId))).client_secret;
  }

  async expireCheckout(sessionId: string): Promise<void> {
    await viaStripe(() => this.stripe.checkout.sessions.expire(sessionId));
  }

  async refundDuplicate({
    companyId,
    invoiceId,
    subscriptionId,
    amountCents,
  }: DuplicatePayment): Promise<{ refundId: string | null }> {
    // First the subscription, so the duplicate never renews; idempotency keys make a retried
    // webhook (after a failure half-way) repeat neither the cancel nor the refund. Past Stripe's
    // 24-hour idempotency window a retry finds the work done instead: that is success too, or
    // the webhook would fail on every redelivery.
    if (subscriptionId)
      await viaStripe(() =>
        this.stripe.subscriptions
          .cancel(subscriptionId, {}, { idempotencyKey: `cancel-duplicate:${subscriptionId}` })
          .catch(unless('resource_missing')),
      );
    // A free period (a 100 % coupon, a trial) took no payment: nothing to give back.
    if (amountCents === 0) return { refundId: null };
    // Since API 2025-03-31 an invoice no longer names its PaymentIntent: its payments do.
    const payments = await viaStripe(() => this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' }));
    const intent = payments.data
      .map(({ payment }) =>
        typeof payment.payment_intent === 'string' ? payment.payment_intent : payment.payment_intent?.id,
      )
      .find(Boolean);
    if (!intent)
      throw new ApiError(502, `Stripe shows no card payment for invoice ${invoiceId}.`, PAYMENT_PROVIDER_ERROR);
    const refund = await viaStripe(async () => {
      try {
        return await this.stripe.refunds.create(
          { payment_intent: intent, reason: 'duplicate', metadata: { companyId, invoiceId } },
          { idempotencyKey: `refund-duplicate:${invoiceId}` },
        );
      } catch (error) {
        if (stripeCode(error) !== 'charge_already_refunded') throw error;
        const earlier = await this.stripe.refunds.list({ payment_intent: intent, limit: 1 });
        if (!earlier.data[0]) throw error;
        return earlier.data[0];
      }
    });
    return { refundId: refund.id };
  }

  async setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancel });
  }
}
