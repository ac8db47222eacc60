/** What a checkout sells: a plan for an interval, or one unit of an add-on. */
export interface CheckoutOrder {
  checkoutId: string;
  companyId: string;
  idempotencyKey: string;
  kind: 'plan' | 'addon';
  /** The plan's or the add-on's id in the catalogue. */
  productId: string;
  interval: 'month' | 'year';
  description: string;
  /** Actual price in cents (spec §9: price × 100). */
  amountCents: number;
  currency: 'usd';
  /** The catalogue's Stripe price id for this product and interval, when it has one. */
  catalogPriceId: string | null;
  customerEmail: string | null;
  /** Where the buyer lands after paying (Stripe adds the session to it for an embedded checkout). */
  successUrl: string;
  cancelUrl: string;
  /** The page the purchase starts on, where an embedded checkout is shown. */
  pageUrl: string;
  /** Copied onto the checkout session and its subscription, so every event names its company. */
  metadata: Record<string, string>;
}

export interface CreatedCheckout {
  /** Where the browser pays: the local checkout page, or (Stripe) the page that embeds the form. */
  url: string;
  /** The provider's checkout session id (cs_…). */
  sessionId: string;
  /** Stripe Embedded Checkout's client secret, for Stripe.js on the purchase page; null for the local page. */
  clientSecret: string | null;
}

/** A paid invoice of a second subscription for a period the company already has. */
export interface DuplicatePayment {
  companyId: string;
  /** The provider's invoice (in_…) whose payment is given back. */
  invoiceId: string;
  /** The provider subscription (sub_…) the duplicate checkout started. */
  subscriptionId: string | null;
  /** What the buyer paid; nothing (a free first period) leaves nothing to give back. */
  amountCents: number;
}

/**
 * Card payments behind one interface (ARCHITECTURE.md): Stripe, or the embedded local checkout.
 * Both deliver Stripe-shaped events, signed with the same scheme, to the one webhook route.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** The browser's key for @stripe/stripe-js (stripe only). */
  readonly publishableKey: string | null;
  /** The secret webhook signatures are checked against (whsec_…). */
  readonly webhookSecret: string;
  /** Creates a checkout; the same order and idempotency key give the same checkout. */
  createCheckout(order: CheckoutOrder): Promise<CreatedCheckout>;
  /** An open checkout's client secret again (a retried purchase); null when there is none. */
  clientSecretOf(sessionId: string): Promise<string | null>;
  /**
   * Closes an open checkout at the provider, so it can no longer be paid (Stripe:
   * `checkout.sessions.expire`). A newer checkout of the same product replaced it.
   */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * Gives back a payment that arrived for a period already paid: refunds the invoice's payment
   * and cancels the subscription it started, now, so it never renews. Safe to call again for
   * the same invoice (a webhook retried after a failure refunds once).
   */
  refundDuplicate(payment: DuplicatePayment): Promise<{ refundId: string | null }>;
  /** Tells the provider to end a subscription at its period end, or not (the local adapter has nothing to tell). */
  setCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
}

/** The one webhook route both adapters deliver their Stripe-shaped events to. */
export const WEBHOOK_PATH = '/api/billing/webhook';
