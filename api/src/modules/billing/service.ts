import { createHash, createHmac } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { locationLimit, storageLimit, userLimit } from '../subscriptions/index.js';
import { currentSubscription, lockSubscription, PLAN_TYPE } from '../subscriptions/index.js';
import type { CheckoutView } from './providers/local/checkout-page.js';
import { periodEndAfter, type WebhookEvent } from './events.js';
import type { PaymentProvider } from './providers/provider.js';
import * as queries from './queries.js';

export const CHECKOUT_HOURS = 24;

export interface CheckoutRequest {
  kind: 'plan' | 'addon';
  planId?: string | undefined;
  addonId?: string | undefined;
  interval?: 'month' | 'year' | undefined;
  amountCents?: number | undefined;
  idempotencyKey: string;
}

/** A checkout as its buyer's page needs it: the stored row without its request hash, and the provider's keys. */
export interface Checkout extends Omit<queries.CheckoutRow, 'requestHash'> {
  publishableKey: string | null;
  clientSecret: string | null;
}

/** Actual price in cents (spec §9: price × 100). */
export const cents = (price: number) => Math.round(price * 100);

/** 409 when the company already has a paid plan: one Premium period is bought once. */
async function refuseIfOnPaidPlan(q: Queryable): Promise<void> {
  const current = await currentSubscription(q);
  if (current.plan.planType !== PLAN_TYPE.free) {
    throw conflict(
      `Your company is already on ${current.plan.planName}. See Plan & billing to change or cancel it.`,
      'planId',
    );
  }
}

/** What is being bought, priced from the catalogue; refuses what cannot be bought now. */
async function orderFor(q: Queryable, body: CheckoutRequest) {
  if (body.kind === 'plan') {
    if (!body.planId) throw badRequest('planId: is required to buy a plan', 'planId');
    if (!body.interval) throw badRequest('interval: is required to buy a plan (month or year)', 'interval');
    const plan = await queries.planPrice(q, body.planId);
    if (!plan) throw notFound('This plan does not exist.');
    if (plan.planType === PLAN_TYPE.free)
      throw badRequest('The Free plan is not bought: every company has it.', 'planId');
    await refuseIfOnPaidPlan(q);
    const yearly = body.interval === 'year';
    return {
      productId: plan.id,
      interval: body.interval,
      description: `${plan.name.replace(/ Plan$/, '')} (${yearly ? 'yearly' : 'monthly'})`,
      amountCents: cents(yearly ? plan.yearly : plan.monthly),
      catalogPriceId: yearly ? plan.yearlyPriceId : plan.monthlyPriceId,
    };
  }
  if (!body.addonId) throw badRequest('addonId: is required to buy an add-on', 'addonId');
  const addon = await queries.addonPrice(q, body.addonId);
  if (!addon) throw notFound('This add-on does not exist.');
  return {
    productId: addon.id,
    interval: (addon.period === 'year' ? 'year' : 'month') as 'month' | 'year',
    description: addon.name,
    amountCents: cents(addon.price),
    catalogPriceId: addon.priceId,
  };
}

export interface CheckoutContext {
  db: Database;
  provider: PaymentProvider;
  publicUrl: string;
  companyId: string;
  userId: string;
}

/** One idempotency key, one order: the same key with another order is a client's mistake. */
function refuseReusedKey(storedHash: string, requestHash: string): void {
  if (storedHash !== requestHash)
    throw new ApiError(
      409,
      'This idempotency key was already used for a different purchase. Start a new checkout.',
      'IDEMPOTENCY_KEY_REUSED',
      'idempotencyKey',
    );
}

/**
 * Creates a checkout, idempotently: the same key with the same order answers the first checkout;
 * with another order it is refused (409). The provider is called outside any transaction, with an
 * id derived from the key, so a concurrent retry asks it for the very same checkout.
 */
export async function createCheckout(ctx: CheckoutContext, body: CheckoutRequest): Promise<Checkout> {
  const requestHash = createHash('sha256')
    .update(
      JSON.stringify([
        body.kind,
        body.planId ?? null,
        body.addonId ?? null,
        body.kind === 'plan' ? (body.interval ?? null) : null,
      ]),
    )
    .digest('hex');
  const answer = (row: Omit<Checkout, 'publishableKey' | 'clientSecret'>, clientSecret: string | null): Checkout => {
    const { requestHash: _hash, ...checkout } = row as typeof row & { requestHash?: string };
    return { ...checkout, publishableKey: ctx.provider.publishableKey, clientSecret };
  };
  const prepared = await inTenant(ctx.db, ctx.companyId, async (q) => {
    const existing = await queries.checkoutByKey(q, body.idempotencyKey);
    if (existing) {
      refuseReusedKey(existing.requestHash, requestHash);
      return { existing };
    }
    const order = await orderFor(q, body);
    if (body.amountCents !== undefined && body.amountCents !== order.amountCents) {
      throw new ApiError(
        409,
        `The price has changed to ${(order.amountCents / 100).toFixed(2)} USD. Reload the page to see it.`,
        'PRICE_CHANGED',
        'amountCents',
      );
    }
    return { order, email: await queries.userEmail(q, ctx.userId) };
  });
  if ('existing' in prepared && prepared.existing) {
    const { existing } = prepared;
    // A retried purchase of an open embedded checkout: the form needs its secret again.
    const secret =
      existing.status === 'open' && existing.provider === ctx.provider.name
        ? await ctx.provider.clientSecretOf(existing.sessionId)
        : null;
    return answer(existing, secret);
  }
  const { order, email } = prepared as { order: Awaited<ReturnType<typeof orderFor>>; email: string | null };

  const digest = createHmac('sha256', ctx.provider.webhookSecret)
    .update(`${ctx.companyId}:${body.idempotencyKey}`)
    .digest('hex');
  const checkoutId = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-8${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  const back = body.kind === 'plan' ? '/premium-purchase' : '/test-subscription-limit';
  const metadata: Record<string, string> = {
    companyId: ctx.companyId,
    checkoutId,
    kind: body.kind,
    interval: order.interval,
    ...(body.kind === 'plan' ? { planId: order.productId } : { addonId: order.productId }),
  };
  const created = await ctx.provider.createCheckout({
    checkoutId,
    companyId: ctx.companyId,
    idempotencyKey: body.idempotencyKey,
    kind: body.kind,
    productId: order.productId,
    interval: order.interval,
    description: order.description,
    amountCents: order.amountCents,
    currency: 'usd',
    catalogPriceId: order.catalogPriceId,
    customerEmail: email,
    successUrl: `${ctx.publicUrl}${back}?checkout=success&checkout_id=${checkoutId}`,
    cancelUrl: `${ctx.publicUrl}${back}?checkout=canceled`,
    pageUrl: `${ctx.publicUrl}${back}`,
    metadata,
  });
  const saved = await inTenant(ctx.db, ctx.companyId, async (q) => {
    // One open checkout per company and product: opening this one closes the others, under the
    // company's subscription lock (parallel requests queue here; the partial unique index
    // billing_checkouts_one_open refuses a second open one should anything slip past).
    await lockSubscription(q);
    // A concurrent retry with the same key got here first: answer its checkout, close nothing.
    const same = await queries.checkoutByKey(q, body.idempotencyKey);
    if (same) {
      refuseReusedKey(same.requestHash, requestHash);
      return { row: same, closed: [] };
    }
    // Paid meanwhile (another tab's checkout): nothing more to buy.
    if (body.kind === 'plan') await refuseIfOnPaidPlan(q);
    const closed = await queries.expireOpenCheckouts(q, body.kind, order.productId);
    await queries.insertCheckout(q, {
      companyId: ctx.companyId,
      checkoutId,
      idempotencyKey: body.idempotencyKey,
      requestHash,
      provider: ctx.provider.name,
      kind: body.kind,
      productId: order.productId,
      interval: order.interval,
      description: order.description,
      amountCents: order.amountCents,
      sessionId: created.sessionId,
      url: created.url,
      userId: ctx.userId,
      email,
      hours: CHECKOUT_HOURS,
    });
    const row = await queries.checkoutByKey(q, body.idempotencyKey);
    return { row: row!, closed };
  });
  // The closed checkouts' sessions are expired at the provider too, so the other tab's form can
  // no longer take a payment. Best effort: one that is paid all the same (Stripe was slow or
  // down) reaches the webhook, which finds the period paid and refunds it (events.ts).
  await Promise.allSettled(
    saved.closed
      .filter((c) => c.provider === ctx.provider.name && c.sessionId)
      .map((c) => ctx.provider.expireCheckout(c.sessionId)),
  );
  return answer(saved.row, saved.row.status === 'open' ? created.clientSecret : null);
}

export async function usage(q: Queryable) {
  const [users, locations, storage, { plan }] = [
    await userLimit(q),
    await locationLimit(q),
    await storageLimit(q),
    await currentSubscription(q),
  ];
  return {
    planName: plan.planName,
    planType: plan.planType,
    users: { used: users.used, max: users.max },
    locations: { used: locations.used, max: locations.max },
    storage: { used: storage.used, max: storage.max },
  };
}

async function billingSubscription(q: Queryable) {
  const current = await currentSubscription(q);
  const premium = current.plan.planType !== PLAN_TYPE.free;
  const row = premium ? await queries.cancellation(q) : null;
  return {
    planName: current.plan.planName,
    planType: current.plan.planType,
    status: current.status,
    premium: premium && current.status === 0,
    billingInterval: current.billingInterval,
    currentPeriodEnd: current.currentPeriodEnd,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    cancelReason: row?.cancelReason ?? null,
  };
}

export async function overview(q: Queryable, provider: PaymentProvider['name'] | null) {
  const addons = await queries.activeAddons(q);
  const payments = await queries.recentPayments(q);
  const checkouts = await queries.recentCheckouts(q);
  return { provider, subscription: await billingSubscription(q), addons, payments, checkouts };
}

/** The owner ends Premium at its period end (or takes that back); the provider is told first. */
export async function setCancelAtPeriodEnd(
  db: Database,
  provider: PaymentProvider,
  companyId: string,
  userId: string,
  cancel: boolean,
) {
  const subscriptionId = await inTenant(db, companyId, async (q) => {
    const sub = await billingSubscription(q);
    if (!sub.premium) throw conflict('Your company is on the Free plan: there is nothing to cancel.');
    if (cancel && sub.cancelAtPeriodEnd)
      throw conflict(`Premium already ends on ${sub.currentPeriodEnd?.slice(0, 10)}.`);
    if (!cancel && !sub.cancelAtPeriodEnd) throw conflict('Premium is not set to end: it renews at its period end.');
    if (!cancel && sub.cancelReason !== 'owner')
      throw conflict('This subscription ended with its payment provider; buy Premium again when it has ended.');
    return queries.providerSubscriptionId(q);
  });
  if (subscriptionId && provider.name === 'stripe') await provider.setCancelAtPeriodEnd(subscriptionId, cancel);
  return inTenant(db, companyId, async (q) => {
    await queries.setOwnerCancel(q, cancel);
    return billingSubscription(q);
  });
}

// The local checkout page (no token: the checkout's unguessable id names it, the directory its company).

export async function findCheckout(
  db: Database,
  publicUrl: string,
  checkoutId: string,
): Promise<{ companyId: string; view: CheckoutView } | null> {
  const companyId = await inPublic(db, (q) => queries.checkoutCompany(q, checkoutId));
  if (!companyId) return null;
  return inTenant(db, companyId, async (q) => {
    const row = await queries.checkoutPageRow(q, checkoutId);
    if (!row || row.provider !== 'local') return null;
    const back = `${publicUrl}${row.kind === 'plan' ? '/premium-purchase' : '/test-subscription-limit'}`;
    // An open plan checkout of a company that has Premium meanwhile is not paid: refused before
    // the card is charged (the webhook would refund it otherwise).
    const { plan } = row.kind === 'plan' && row.status === 'open' ? await currentSubscription(q) : { plan: null };
    const view = {
      ...row,
      coveredBy: plan && plan.planType !== PLAN_TYPE.free ? plan.planName : null,
      successUrl: `${back}?checkout=success&checkout_id=${row.id}`,
      cancelUrl: `${back}?checkout=canceled`,
    };
    return { companyId, view };
  });
}

export async function cancelCheckout(db: Database, companyId: string, checkoutId: string): Promise<void> {
  await inTenant(db, companyId, (q) => queries.cancelOpenCheckout(q, checkoutId));
}

/**
 * What Stripe sends when a subscription checkout is paid: checkout.session.completed, then
 * invoice.paid for the first period. Ids derive from the checkout, so paying twice (a double
 * submit) delivers the same events again, and they are applied once.
 */
export async function localPaymentEvents(
  db: Database,
  companyId: string,
  checkoutId: string,
  now = new Date(),
): Promise<WebhookEvent[]> {
  const c = (await inTenant(db, companyId, (q) => queries.checkoutPurchase(q, checkoutId)))!;
  const hex = checkoutId.replace(/-/g, '');
  const created = Math.floor(now.getTime() / 1000);
  const end = Math.floor(periodEndAfter(created, c.interval).getTime() / 1000);
  const metadata = {
    companyId,
    checkoutId,
    kind: c.kind,
    interval: c.interval,
    ...(c.planId ? { planId: c.planId } : { addonId: c.addonId! }),
  };
  const customer = `cus_local_${companyId.replace(/-/g, '').slice(0, 24)}`;
  const subscription = `sub_local_${hex.slice(0, 24)}`;
  const base = {
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  return [
    {
      ...base,
      id: `evt_local_cs_${hex.slice(0, 24)}`,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: c.sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: companyId,
          customer,
          customer_email: c.email,
          subscription,
          // Subscription mode: the money is on the first invoice, not on a PaymentIntent of the session.
          invoice: `in_local_${hex.slice(0, 24)}`,
          payment_intent: null,
          amount_total: c.amountCents,
          currency: c.currency,
          metadata,
          created,
          livemode: false,
        },
      },
    },
    {
      ...base,
      id: `evt_local_in_${hex.slice(0, 24)}`,
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_local_${hex.slice(0, 24)}`,
          object: 'invoice',
          status: 'paid',
          billing_reason: 'subscription_create',
          customer,
          amount_due: c.amountCents,
          amount_paid: c.amountCents,
          currency: c.currency,
          created,
          period_start: created,
          period_end: created,
          parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
          lines: {
            object: 'list',
            data: [
              {
                id: `il_local_${hex.slice(0, 24)}`,
                object: 'line_item',
                amount: c.amountCents,
                currency: c.currency,
                description: `1 × ${c.description}`,
                period: { start: created, end },
              },
            ],
          },
        },
      },
    },
  ] as WebhookEvent[];
}
