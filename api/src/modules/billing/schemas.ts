import { Type } from '@sinclair/typebox';
import { Nullable, OneOf, Timestamp } from '../../lib/schemas.js';

const Interval = OneOf(['month', 'year']);
/** A checkout's state, in the purchase answer and in the billing history. */
const CHECKOUT_STATUSES = ['open', 'completed', 'canceled', 'expired'] as const;

export const CreateCheckoutBody = Type.Object(
  {
    kind: OneOf(['plan', 'addon'], {
      description: 'A plan for an interval, or one add-on',
    }),
    planId: Type.Optional(Type.String({ format: 'uuid' })),
    addonId: Type.Optional(Type.String({ format: 'uuid' })),
    interval: Type.Optional(Interval),
    amountCents: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100_000_000,
        description: 'The price the page showed, in cents: refused (409) if it is not the current price',
      }),
    ),
    idempotencyKey: Type.String({
      minLength: 8,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_.:-]+$',
      description: 'One per purchase attempt: a retry with the same key answers the same checkout',
    }),
  },
  { additionalProperties: false, title: 'CreateCheckoutRequest' },
);

export const CheckoutSchema = Type.Object(
  {
    checkoutId: Type.String(),
    provider: OneOf(['local', 'stripe']),
    url: Type.String({
      description:
        'Where the browser pays: the local checkout page, or (Stripe) the purchase page that embeds the form',
    }),
    sessionId: Type.String(),
    status: OneOf(CHECKOUT_STATUSES),
    description: Type.String(),
    amountCents: Type.Integer(),
    currency: Type.String(),
    interval: Interval,
    publishableKey: Nullable(Type.String()),
    clientSecret: Nullable(
      Type.String({
        description:
          "Stripe: the Embedded Checkout session's client secret, for Stripe.js on the purchase page (null for the local checkout page, or a checkout no longer open)",
      }),
    ),
  },
  { title: 'Checkout' },
);

export const LimitUsageSchema = Type.Object({ used: Type.Integer(), max: Type.Integer() }, { title: 'LimitUsage' });

export const UsageSchema = Type.Object(
  {
    planName: Type.String(),
    planType: Type.Integer(),
    users: LimitUsageSchema,
    locations: LimitUsageSchema,
    storage: Type.Object(
      { used: Type.Integer(), max: Type.Integer() },
      { title: 'StorageUsage', description: 'Bytes of stored images (item photos, logo, profile pictures)' },
    ),
  },
  { title: 'PlanUsage' },
);

export const BillingSubscriptionSchema = Type.Object(
  {
    planName: Type.String(),
    planType: Type.Integer(),
    status: Type.Integer(),
    premium: Type.Boolean(),
    billingInterval: Nullable(Interval),
    currentPeriodEnd: Nullable(Timestamp),
    cancelAtPeriodEnd: Type.Boolean(),
    cancelReason: Nullable(Type.String()),
  },
  { title: 'BillingSubscription' },
);

export const CompanyAddonSchema = Type.Object(
  {
    id: Type.String(),
    addonId: Type.String(),
    addonName: Type.String(),
    type: Type.String(),
    units: Type.Integer(),
    quantity: Type.Integer(),
    currentPeriodEnd: Nullable(Timestamp),
    cancelAtPeriodEnd: Type.Boolean(),
  },
  { title: 'CompanyAddon' },
);

export const PaymentSchema = Type.Object(
  {
    id: Type.String(),
    description: Type.String(),
    amountCents: Type.Integer(),
    currency: Type.String(),
    status: OneOf(['paid', 'failed', 'refunded'], {
      description: 'refunded: it arrived for a period already paid and was given back',
    }),
    periodEnd: Nullable(Timestamp),
    createdAt: Timestamp,
  },
  { title: 'Payment' },
);

export const CheckoutHistorySchema = Type.Object(
  {
    id: Type.String(),
    description: Type.String(),
    amountCents: Type.Integer(),
    currency: Type.String(),
    status: OneOf(CHECKOUT_STATUSES, {
      description:
        'expired: a newer checkout of the same product replaced it, or it was left open for 24 hours; canceled: abandoned, or paid for a period already paid and refunded',
    }),
    createdAt: Timestamp,
  },
  { title: 'CheckoutHistoryEntry' },
);

export const BillingOverviewSchema = Type.Object(
  {
    provider: Type.Union([Type.Literal('local'), Type.Literal('stripe'), Type.Null()], {
      description: 'null: payments are not configured on this server.',
    }),
    subscription: BillingSubscriptionSchema,
    addons: Type.Array(CompanyAddonSchema),
    payments: Type.Array(PaymentSchema),
    checkouts: Type.Array(CheckoutHistorySchema, { description: 'The latest 20 checkouts, newest first' }),
  },
  { title: 'BillingOverview' },
);

export const CheckoutParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

export const CardForm = Type.Object(
  {
    cardNumber: Type.String({ maxLength: 40, default: '' }),
    expiry: Type.String({ maxLength: 20, default: '' }),
    cvc: Type.String({ maxLength: 10, default: '' }),
    name: Type.String({ maxLength: 200, default: '' }),
  },
  { title: 'CardForm' },
);

export const WebhookAnswer = Type.Object(
  {
    received: Type.Boolean(),
    outcome: Type.Union([
      Type.Literal('applied'),
      Type.Literal('duplicate'),
      Type.Literal('ignored'),
      Type.Literal('refunded', { description: 'a payment for a period already paid: given back' }),
    ]),
  },
  { title: 'WebhookAnswer' },
);
