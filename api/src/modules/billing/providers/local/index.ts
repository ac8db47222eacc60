import { createHash } from 'node:crypto';
import type { CheckoutOrder, CreatedCheckout, DuplicatePayment, PaymentProvider } from '../provider.js';

/**
 * The embedded default: the API serves a checkout page (/api/billing/checkout/{id}) that follows
 * Stripe's test cards and, on payment, signs Stripe-shaped events with the `stripe` SDK and
 * delivers them to the webhook route (routes.ts). Nothing leaves the machine.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;

  constructor(
    private readonly publicUrl: string,
    readonly webhookSecret: string,
  ) {}

  async createCheckout(order: CheckoutOrder): Promise<CreatedCheckout> {
    return {
      url: `${this.publicUrl}/api/billing/checkout/${order.checkoutId}`,
      sessionId: `cs_test_local_${order.checkoutId.replace(/-/g, '')}`,
      clientSecret: null,
    };
  }

  async clientSecretOf(): Promise<string | null> {
    return null;
  }

  async expireCheckout(): Promise<void> {
    // The checkout row is the local session: closing it (done by the caller) is expiring it,
    // and the page refuses to charge a closed checkout.
  }

  async refundDuplicate({ invoiceId, amountCents }: DuplicatePayment): Promise<{ refundId: string | null }> {
    if (amountCents === 0) return { refundId: null };
    // Test cards move no money; the refund id derives from the invoice, as Stripe's idempotency
    // key would make a retried refund answer the same refund.
    return { refundId: `re_local_${createHash('sha256').update(invoiceId).digest('hex').slice(0, 24)}` };
  }

  async setCancelAtPeriodEnd(): Promise<void> {
    // The local "provider" keeps no state of its own: the subscription row is the truth.
  }
}
