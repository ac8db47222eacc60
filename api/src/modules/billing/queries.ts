import type { Static } from '@sinclair/typebox';
import type { Queryable } from '../../db/database.js';
import { LAPSED_SQL } from '../subscriptions/index.js';
import type { CheckoutView } from './providers/local/checkout-page.js';
import type { CheckoutHistorySchema, CompanyAddonSchema, PaymentSchema } from './schemas.js';
import { iso } from '../../db/timestamps.js';

// The billing module's SQL: checkouts, their directory, the payments history, webhook events and
// what they change on the company's subscription and add-ons. Each function runs on the caller's
// Queryable (the company's RLS-bound transaction, or the public one for the directories).

/** A checkout left open past its 24 hours reads as expired (its row is closed by the next one). */
const CHECKOUT_STATUS = `CASE WHEN c.status = 'open' AND c.expires_at <= now() THEN 'expired' ELSE c.status END`;
const CHECKOUT_SELECT = `SELECT c.id AS "checkoutId", c.provider, c.url, c.provider_session_id AS "sessionId",
    ${CHECKOUT_STATUS} AS status,
    c.description, c.amount_cents AS "amountCents", c.currency, c.billing_interval AS interval, c.request_hash AS "requestHash"
  FROM billing_checkouts c`;

export interface CheckoutRow {
  checkoutId: string;
  provider: 'local' | 'stripe';
  url: string;
  sessionId: string;
  status: 'open' | 'completed' | 'canceled' | 'expired';
  description: string;
  amountCents: number;
  currency: string;
  interval: 'month' | 'year';
  requestHash: string;
}

// ── the catalogue, as a purchase prices it ──

export interface PlanPrice {
  id: string;
  name: string;
  planType: number;
  monthly: number;
  yearly: number;
  monthlyPriceId: string | null;
  yearlyPriceId: string | null;
}

export async function planPrice(q: Queryable, planId: string): Promise<PlanPrice | null> {
  const [plan] = await q.query<PlanPrice>(
    `SELECT id, name, plan_type::int AS "planType", monthly_price::float8 AS monthly, yearly_price::float8 AS yearly,
            stripe_price_id AS "monthlyPriceId", stripe_yearly_price_id AS "yearlyPriceId" FROM plans WHERE id = $1`,
    [planId],
  );
  return plan ?? null;
}

export interface AddonPrice {
  id: string;
  name: string;
  price: number;
  period: string;
  priceId: string | null;
}

export async function addonPrice(q: Queryable, addonId: string): Promise<AddonPrice | null> {
  const [addon] = await q.query<AddonPrice>(
    `SELECT id, name, price::float8 AS price, billing_period AS period, stripe_price_id AS "priceId" FROM addons WHERE id = $1`,
    [addonId],
  );
  return addon ?? null;
}

export async function userEmail(q: Queryable, userId: string): Promise<string | null> {
  const [user] = await q.query<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [userId]);
  return user?.email ?? null;
}

// ── checkouts ──

export async function checkoutByKey(q: Queryable, idempotencyKey: string): Promise<CheckoutRow | null> {
  const [row] = await q.query<CheckoutRow>(`${CHECKOUT_SELECT} WHERE c.idempotency_key = $1`, [idempotencyKey]);
  return row ?? null;
}

/** Closes the company's open checkouts of one product; answers the sessions it closed. */
export const expireOpenCheckouts = (q: Queryable, kind: 'plan' | 'addon', productId: string) =>
  q.query<{ provider: string; sessionId: string }>(
    `UPDATE billing_checkouts SET status = 'expired'
      WHERE status = 'open' AND kind = $1 AND coalesce(plan_id, addon_id) = $2
      RETURNING provider, provider_session_id AS "sessionId"`,
    [kind, productId],
  );

export interface NewCheckout {
  companyId: string;
  checkoutId: string;
  idempotencyKey: string;
  requestHash: string;
  provider: string;
  kind: 'plan' | 'addon';
  productId: string;
  interval: 'month' | 'year';
  description: string;
  amountCents: number;
  sessionId: string;
  url: string;
  userId: string;
  email: string | null;
  hours: number;
}

/** The checkout's row, and its entry in the directory the unauthenticated checkout page reads. */
export async function insertCheckout(q: Queryable, c: NewCheckout): Promise<void> {
  await q.query(
    `INSERT INTO billing_checkouts (company_id, id, idempotency_key, request_hash, provider, kind, plan_id, addon_id, billing_interval,
       description, amount_cents, provider_session_id, url, created_by, customer_email, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now() + make_interval(hours => $16))`,
    [
      c.companyId,
      c.checkoutId,
      c.idempotencyKey,
      c.requestHash,
      c.provider,
      c.kind,
      c.kind === 'plan' ? c.productId : null,
      c.kind === 'addon' ? c.productId : null,
      c.interval,
      c.description,
      c.amountCents,
      c.sessionId,
      c.url,
      c.userId,
      c.email,
      c.hours,
    ],
  );
  await q.query(
    `INSERT INTO billing_checkout_directory (checkout_id, company_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [c.checkoutId, c.companyId],
  );
}

/** Which company a checkout belongs to (read in the public transaction: the page has no token). */
export async function checkoutCompany(q: Queryable, checkoutId: string): Promise<string | null> {
  const [entry] = await q.query<{ companyId: string }>(
    `SELECT company_id AS "companyId" FROM billing_checkout_directory WHERE checkout_id = $1`,
    [checkoutId],
  );
  return entry?.companyId ?? null;
}

export type CheckoutPageRow = Omit<CheckoutView, 'successUrl' | 'cancelUrl' | 'coveredBy'> & {
  provider: string;
  kind: 'plan' | 'addon';
};

export async function checkoutPageRow(q: Queryable, checkoutId: string): Promise<CheckoutPageRow | null> {
  const [row] = await q.query<CheckoutPageRow>(
    `SELECT c.id, c.provider, c.description, c.amount_cents AS "amountCents", c.currency, c.billing_interval AS interval,
            ${CHECKOUT_STATUS} AS status,
            c.customer_email AS "customerEmail", c.kind FROM billing_checkouts c WHERE c.id = $1`,
    [checkoutId],
  );
  return row ?? null;
}

export interface CheckoutPurchase {
  kind: 'plan' | 'addon';
  planId: string | null;
  addonId: string | null;
  interval: 'month' | 'year';
  description: string;
  amountCents: number;
  currency: string;
  sessionId: string;
  email: string | null;
}

export async function checkoutPurchase(q: Queryable, checkoutId: string): Promise<CheckoutPurchase | null> {
  const [row] = await q.query<CheckoutPurchase>(
    `SELECT kind, plan_id AS "planId", addon_id AS "addonId", billing_interval AS interval, description, amount_cents AS "amountCents",
            currency, provider_session_id AS "sessionId", customer_email AS email FROM billing_checkouts WHERE id = $1`,
    [checkoutId],
  );
  return row ?? null;
}

export async function checkoutDescription(q: Queryable, checkoutId: string): Promise<string | null> {
  const [row] = await q.query<{ description: string }>(`SELECT description FROM billing_checkouts WHERE id = $1`, [
    checkoutId,
  ]);
  return row?.description ?? null;
}

export async function completeCheckout(q: Queryable, checkoutId: string): Promise<void> {
  await q.query(`UPDATE billing_checkouts SET status = 'completed', completed_at = now() WHERE id = $1`, [checkoutId]);
}

/** An open checkout reads "Canceled"; one already completed or expired stays as it is. */
export async function cancelOpenCheckout(q: Queryable, checkoutId: string): Promise<void> {
  await q.query(`UPDATE billing_checkouts SET status = 'canceled' WHERE id = $1 AND status = 'open'`, [checkoutId]);
}

// ── what the owner sees ──

export const activeAddons = (q: Queryable) =>
  q.query<Static<typeof CompanyAddonSchema>>(
    `SELECT ca.id, ca.addon_id AS "addonId", a.name AS "addonName", a.type, a.units, ca.quantity,
            ${iso('ca.current_period_end')} AS "currentPeriodEnd", ca.cancel_at_period_end AS "cancelAtPeriodEnd"
       FROM company_addons ca JOIN addons a ON a.id = ca.addon_id
      WHERE ca.current_period_end IS NULL OR ca.current_period_end > now()
      ORDER BY ca.created_at`,
  );

export const recentPayments = (q: Queryable) =>
  q.query<Static<typeof PaymentSchema>>(
    `SELECT id, description, amount_cents AS "amountCents", currency, status, ${iso('period_end')} AS "periodEnd", ${iso('created_at')} AS "createdAt"
       FROM billing_payments ORDER BY created_at DESC, id LIMIT 100`,
  );

/** What was started and how it ended: a checkout replaced by a newer one reads expired. */
export const recentCheckouts = (q: Queryable) =>
  q.query<Static<typeof CheckoutHistorySchema>>(
    `SELECT c.id, c.description, c.amount_cents AS "amountCents", c.currency,
            ${CHECKOUT_STATUS} AS status,
            ${iso('c.created_at')} AS "createdAt"
       FROM billing_checkouts c ORDER BY c.created_at DESC, c.id LIMIT 20`,
  );

// ── the company's subscription row, as billing changes it ──

export async function cancellation(
  q: Queryable,
): Promise<{ cancelAtPeriodEnd: boolean; cancelReason: string | null } | null> {
  const [row] = await q.query<{ cancelAtPeriodEnd: boolean; cancelReason: string | null }>(
    `SELECT cancel_at_period_end AS "cancelAtPeriodEnd", cancel_reason AS "cancelReason" FROM subscriptions`,
  );
  return row ?? null;
}

export async function providerSubscriptionId(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ id: string | null }>(`SELECT stripe_subscription_id AS id FROM subscriptions`);
  return row?.id ?? null;
}

export async function billingInterval(q: Queryable): Promise<'month' | 'year' | null> {
  const [row] = await q.query<{ every: 'month' | 'year' | null }>(
    `SELECT billing_interval AS every FROM subscriptions`,
  );
  return row?.every ?? null;
}

/** The owner ends Premium at its period end (cancel) or takes that back. */
export async function setOwnerCancel(q: Queryable, cancel: boolean): Promise<void> {
  await q.query(
    cancel
      ? `UPDATE subscriptions SET cancel_at_period_end = true, cancel_reason = 'owner', updated_at = now()`
      : `UPDATE subscriptions SET cancel_at_period_end = false, cancel_reason = NULL, updated_at = now()`,
  );
}

/** The provider's billing portal says so: only a cancellation the owner made (or none) is changed. */
export async function setProviderOwnerCancel(q: Queryable, cancel: boolean): Promise<void> {
  await q.query(
    cancel
      ? `UPDATE subscriptions SET cancel_at_period_end = true, cancel_reason = 'owner', updated_at = now() WHERE cancel_reason IS NULL`
      : `UPDATE subscriptions SET cancel_at_period_end = false, cancel_reason = NULL, updated_at = now() WHERE cancel_reason = 'owner'`,
  );
}

/** A paid plan ends at its period end for a reason of the provider's. */
export async function cancelPaidPlanAtPeriodEnd(q: Queryable, reason: 'payment_failed' | 'deleted'): Promise<void> {
  await q.query(
    `UPDATE subscriptions SET cancel_at_period_end = true, cancel_reason = $1, updated_at = now()
      WHERE plan_id IN (SELECT id FROM plans WHERE plan_type <> 0)`,
    [reason],
  );
}

/** The current paid period's end, if the company is on a paid plan. */
export async function paidPeriodEnd(q: Queryable): Promise<Date | null> {
  const [row] = await q.query<{ end: Date | null }>(
    `SELECT s.current_period_end AS end FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE p.plan_type <> 0`,
  );
  return row?.end ? new Date(row.end) : null;
}

/** Who holds the paid period: the provider subscription on the row, and whether it is paid now. */
export async function periodHolder(q: Queryable): Promise<{ holder: string | null; paid: boolean } | null> {
  const [row] = await q.query<{ holder: string | null; paid: boolean }>(
    `SELECT s.stripe_subscription_id AS holder, (p.plan_type <> 0 AND NOT ${LAPSED_SQL}) AS paid
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id`,
  );
  return row ?? null;
}

export async function isPlanSubscription(q: Queryable, subscriptionId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM subscriptions WHERE stripe_subscription_id = $1`, [subscriptionId]);
  return rows.length > 0;
}

// ── add-ons ──

export async function isAddonSubscription(q: Queryable, subscriptionId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM company_addons WHERE stripe_subscription_id = $1`, [subscriptionId]);
  return rows.length > 0;
}

/** The add-on until periodEnd (a renewal only ever moves its end later). */
export async function upsertAddon(
  q: Queryable,
  companyId: string,
  addonId: string,
  subscriptionId: string | null,
  periodEnd: Date,
): Promise<void> {
  await q.query(
    `INSERT INTO company_addons (company_id, addon_id, quantity, current_period_end, stripe_subscription_id)
     SELECT $1, a.id, 1, $3, $4 FROM addons a WHERE a.id = $2
     ON CONFLICT (company_id, stripe_subscription_id)
       DO UPDATE SET current_period_end = greatest(company_addons.current_period_end, EXCLUDED.current_period_end),
                     cancel_at_period_end = false`,
    [companyId, addonId, periodEnd, subscriptionId],
  );
}

export async function extendAddon(q: Queryable, subscriptionId: string | null, end: Date): Promise<void> {
  await q.query(
    `UPDATE company_addons SET current_period_end = greatest(current_period_end, $2) WHERE stripe_subscription_id = $1`,
    [subscriptionId, end],
  );
}

export async function cancelAddonAtPeriodEnd(q: Queryable, subscriptionId: string): Promise<void> {
  await q.query(`UPDATE company_addons SET cancel_at_period_end = true WHERE stripe_subscription_id = $1`, [
    subscriptionId,
  ]);
}

// ── webhook events and payments ──

/** Does a company by this id exist (read in the public transaction, before its own is opened)? */
export async function companyExists(q: Queryable, companyId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM user_directory WHERE company_id = $1 LIMIT 1`, [companyId]);
  return rows.length > 0;
}

export async function companyOfSubscription(q: Queryable, subscriptionId: string): Promise<string | null> {
  const rows = await q.query<{ companyId: string }>(
    `SELECT company_id AS "companyId" FROM billing_subscription_directory WHERE provider_subscription_id = $1`,
    [subscriptionId],
  );
  return rows[0]?.companyId ?? null;
}

export async function rememberSubscription(q: Queryable, companyId: string, subscriptionId: string): Promise<void> {
  await q.query(
    `INSERT INTO billing_subscription_directory (provider_subscription_id, company_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [subscriptionId, companyId],
  );
}

/** Records an event by its id; false when that id was recorded before. */
export async function insertEvent(
  q: Queryable,
  event: { id: string; type: string; created: number },
  companyId: string | null,
  outcome: string,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO billing_events (id, type, company_id, outcome, created) VALUES ($1, $2, $3, $4, to_timestamp($5))
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [event.id, event.type, companyId, outcome, event.created],
  );
  return rows.length === 1;
}

export async function setEventOutcome(q: Queryable, eventId: string, outcome: string): Promise<void> {
  await q.query(`UPDATE billing_events SET outcome = $2 WHERE id = $1`, [eventId, outcome]);
}

export interface PaymentRow {
  eventId: string;
  eventCreated: number;
  invoiceId: string | null;
  description: string;
  amountCents: number;
  currency: string;
  status: 'paid' | 'failed' | 'refunded';
  periodEnd: Date | null;
  refundId: string | null;
}

export async function insertPayment(q: Queryable, companyId: string, p: PaymentRow): Promise<void> {
  await q.query(
    `INSERT INTO billing_payments (company_id, event_id, provider_invoice_id, description, amount_cents, currency, status,
       period_end, provider_refund_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10)) ON CONFLICT DO NOTHING`,
    [
      companyId,
      p.eventId,
      p.invoiceId,
      p.description,
      p.amountCents,
      p.currency,
      p.status,
      p.periodEnd,
      p.refundId,
      p.eventCreated,
    ],
  );
}

export async function isInvoiceRefunded(q: Queryable, invoiceId: string): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM billing_payments WHERE provider_invoice_id = $1 AND status = 'refunded'`, [
    invoiceId,
  ]);
  return rows.length > 0;
}
