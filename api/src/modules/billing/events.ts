import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { LAPSED_SQL, lockSubscription, setPremium } from '../subscriptions/index.js';
import type { PaymentProvider } from './providers/provider.js';

/**
 * Stripe-shaped webhook events, applied exactly once. The event's row in billing_events and the
 * change it causes commit in one transaction; a second delivery of the same id finds the row and
 * changes nothing. Both adapters (Stripe and the local checkout) end up here, after the route has
 * checked the signature.
 */

export interface WebhookEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'refunded';
/** What applying an event may ask of the payments provider. */
export type Refunder = Pick<PaymentProvider, 'refundDuplicate'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : null);
/** Amounts in cents fit PostgreSQL's integer columns; an absurd one (1e20) is no amount at all. */
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 2_000_000_000 ? v : null;

/** A Unix time in seconds that PostgreSQL can hold (year 1970 to 9999); 1e20 is not one. */
export const isEpochSeconds = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 253_402_300_799;
const seconds = (v: unknown): number | null => (isEpochSeconds(v) ? v : null);
/** Stripe expands some references into objects: take the id either way. */
const ref = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const interval = (v: unknown): 'month' | 'year' | null => (v === 'month' || v === 'year' ? v : null);

/** One calendar month or year after a Unix time (what Stripe's first period is). */
export function periodEndAfter(unixSeconds: number, every: 'month' | 'year'): Date {
  const d = new Date(unixSeconds * 1000);
  if (every === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** What an event says about the subscription it belongs to, across Stripe API versions. */
function subscriptionFacts(event: WebhookEvent) {
  const o = event.data.object;
  const parent = obj(obj(o.parent).subscription_details);
  const legacy = obj(o.subscription_details);
  const isSubscription = o.object === 'subscription';
  const metadata = { ...obj(legacy.metadata), ...obj(parent.metadata), ...obj(o.metadata) };
  const subscriptionId = isSubscription ? ref(o.id) : (ref(parent.subscription) ?? ref(o.subscription));
  const line = obj(obj(o.lines).data && Array.isArray(obj(o.lines).data) ? (obj(o.lines).data as unknown[])[0] : null);
  return {
    metadata,
    subscriptionId,
    customerId: ref(o.customer),
    companyId: str(metadata.companyId) ?? str(o.client_reference_id),
    periodEnd: seconds(obj(line.period).end) ?? seconds(o.current_period_end) ?? seconds(o.period_end),
  };
}

async function companyOf(db: Database, facts: ReturnType<typeof subscriptionFacts>): Promise<string | null> {
  if (facts.companyId && UUID.test(facts.companyId)) {
    const known = await inPublic(db, (q) =>
      q.query(`SELECT 1 FROM user_directory WHERE company_id = $1 LIMIT 1`, [facts.companyId]),
    );
    if (known.length) return facts.companyId;
  }
  if (!facts.subscriptionId) return null;
  const rows = await inPublic(db, (q) =>
    q.query<{ companyId: string }>(
      `SELECT company_id AS "companyId" FROM billing_subscription_directory WHERE provider_subscription_id = $1`,
      [facts.subscriptionId],
    ),
  );
  return rows[0]?.companyId ?? null;
}

/** Records the event; false when it was recorded before (a duplicate or a replay). */
async function firstDelivery(
  q: Queryable,
  event: WebhookEvent,
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

/** Is this provider subscription the company's plan, one of its add-ons, or not known yet? */
async function whatIs(q: Queryable, subscriptionId: string | null, metadata: Obj): Promise<'plan' | 'addon' | null> {
  if (metadata.kind === 'plan' || metadata.kind === 'addon') return metadata.kind;
  if (!subscriptionId) return null;
  const [plan] = await q.query(`SELECT 1 FROM subscriptions WHERE stripe_subscription_id = $1`, [subscriptionId]);
  if (plan) return 'plan';
  const [addon] = await q.query(`SELECT 1 FROM company_addons WHERE stripe_subscription_id = $1`, [subscriptionId]);
  return addon ? 'addon' : null;
}

/** The later of the company's current paid period end and `end`. */
async function laterPeriodEnd(q: Queryable, end: Date): Promise<Date> {
  const [row] = await q.query<{ end: Date | null }>(
    `SELECT s.current_period_end AS end FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE p.plan_type <> 0`,
  );
  const current = row?.end ? new Date(row.end) : null;
  return current && current > end ? current : end;
}

async function remember(q: Queryable, companyId: string, subscriptionId: string | null): Promise<void> {
  if (!subscriptionId) return;
  await q.query(
    `INSERT INTO billing_subscription_directory (provider_subscription_id, company_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [subscriptionId, companyId],
  );
}

async function grantAddon(
  q: Queryable,
  companyId: string,
  addonId: string,
  subscriptionId: string | null,
  periodEnd: Date,
) {
  await q.query(
    `INSERT INTO company_addons (company_id, addon_id, quantity, current_period_end, stripe_subscription_id)
     SELECT $1, a.id, 1, $3, $4 FROM addons a WHERE a.id = $2
     ON CONFLICT (company_id, stripe_subscription_id)
       DO UPDATE SET current_period_end = greatest(company_addons.current_period_end, EXCLUDED.current_period_end),
                     cancel_at_period_end = false`,
    [companyId, addonId, periodEnd, subscriptionId],
  );
}

/** A payment in the billing history: an invoice paid or failed, or a payment given back. */
interface PaymentFacts {
  invoiceId: string | null;
  description: string;
  amountCents: number;
  currency: string;
  status: 'paid' | 'failed' | 'refunded';
  periodEnd: Date | null;
  refundId?: string | null;
}

function invoicePayment(event: WebhookEvent, status: 'paid' | 'failed', periodEnd: Date | null): PaymentFacts {
  const o = event.data.object;
  const line = Array.isArray(obj(o.lines).data) ? obj((obj(o.lines).data as unknown[])[0]) : {};
  const amount = num(status === 'paid' ? o.amount_paid : o.amount_due) ?? num(o.total) ?? 0;
  return {
    invoiceId: str(o.id),
    description: str(line.description) ?? str(o.description) ?? 'Subscription payment',
    amountCents: Math.max(0, Math.round(amount)),
    currency: str(o.currency) ?? 'usd',
    status,
    periodEnd,
  };
}

async function recordPayment(q: Queryable, companyId: string, event: WebhookEvent, p: PaymentFacts) {
  await q.query(
    `INSERT INTO billing_payments (company_id, event_id, provider_invoice_id, description, amount_cents, currency, status,
       period_end, provider_refund_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10)) ON CONFLICT DO NOTHING`,
    [
      companyId,
      event.id,
      p.invoiceId,
      p.description,
      p.amountCents,
      p.currency,
      p.status,
      p.periodEnd,
      p.refundId ?? null,
      event.created,
    ],
  );
}

/**
 * Is the company's paid period already held by another purchase? Called with the subscription
 * row locked, in the transaction that would apply the payment: of two purchases paid for one
 * period (two tabs, parallel checkouts) the first applied holds it, and every later one is a
 * duplicate, whatever order its events arrive in. A renewal of the holding subscription is not.
 */
async function heldByAnother(q: Queryable, subscriptionId: string | null): Promise<boolean> {
  const [row] = await q.query<{ holder: string | null; paid: boolean }>(
    `SELECT s.stripe_subscription_id AS holder, (p.plan_type <> 0 AND NOT ${LAPSED_SQL}) AS paid
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id`,
  );
  return Boolean(row?.paid) && (row!.holder === null || row!.holder !== subscriptionId);
}

/**
 * A payment for a period already paid: the provider refunds it and cancels the subscription it
 * started (so it never renews), inside this transaction — if the provider fails, nothing is
 * recorded and the webhook's retry tries again (its idempotency keys make that safe). The
 * history keeps it as refunded. Both events of the purchase name the invoice; the second finds
 * it refunded.
 */
async function refundDuplicate(
  q: Queryable,
  refunder: Refunder,
  companyId: string,
  event: WebhookEvent,
  payment: Omit<PaymentFacts, 'status' | 'periodEnd'>,
  subscriptionId: string | null,
): Promise<string> {
  if (!payment.invoiceId) return 'ignored: period already paid, no invoice named';
  const [done] = await q.query(
    `SELECT 1 FROM billing_payments WHERE provider_invoice_id = $1 AND status = 'refunded'`,
    [payment.invoiceId],
  );
  if (done) return `ignored: ${payment.invoiceId} already refunded`;
  const { refundId } = await refunder.refundDuplicate({
    companyId,
    invoiceId: payment.invoiceId,
    subscriptionId,
    amountCents: payment.amountCents,
  });
  await recordPayment(q, companyId, event, { ...payment, status: 'refunded', periodEnd: null, refundId });
  return `refunded: ${payment.invoiceId} (${refundId ?? 'nothing was paid'}), the period was already paid`;
}

/**
 * Is this the subscription the company's Premium runs on? A refunded duplicate, or an old
 * subscription replaced by a new purchase, is a plan subscription too, and Stripe still sends its
 * events (its cancellation, a failed renewal): they must not end or change the current one.
 */
async function isCurrentPlan(q: Queryable, subscriptionId: string | null): Promise<boolean> {
  if (!subscriptionId) return false;
  const rows = await q.query(`SELECT 1 FROM subscriptions WHERE stripe_subscription_id = $1`, [subscriptionId]);
  return rows.length > 0;
}
const NOT_CURRENT = "ignored: not the company's subscription";

async function cancelAtPeriodEnd(
  q: Queryable,
  kind: 'plan' | 'addon',
  subscriptionId: string | null,
  reason: 'payment_failed' | 'deleted',
) {
  if (kind === 'plan') {
    await q.query(
      `UPDATE subscriptions SET cancel_at_period_end = true, cancel_reason = $1, updated_at = now()
        WHERE plan_id IN (SELECT id FROM plans WHERE plan_type <> 0)`,
      [reason],
    );
  } else if (subscriptionId) {
    await q.query(`UPDATE company_addons SET cancel_at_period_end = true WHERE stripe_subscription_id = $1`, [
      subscriptionId,
    ]);
  }
}

/** The change one event makes, inside the company's transaction; the outcome names what happened. */
async function apply(q: Queryable, refunder: Refunder, companyId: string, event: WebhookEvent): Promise<string> {
  const o = event.data.object;
  const facts = subscriptionFacts(event);
  const kind = await whatIs(q, facts.subscriptionId, facts.metadata);
  switch (event.type) {
    case 'checkout.session.completed': {
      if (o.payment_status !== 'paid' && o.payment_status !== 'no_payment_required') return 'ignored: not paid';
      const every = interval(facts.metadata.interval) ?? 'month';
      const end = facts.periodEnd ? new Date(facts.periodEnd * 1000) : periodEndAfter(event.created, every);
      await remember(q, companyId, facts.subscriptionId);
      const checkoutId = str(facts.metadata.checkoutId);
      const [checkout] =
        checkoutId && UUID.test(checkoutId)
          ? await q.query<{ description: string }>(`SELECT description FROM billing_checkouts WHERE id = $1`, [
              checkoutId,
            ])
          : [];
      const complete = async () => {
        if (checkout)
          await q.query(`UPDATE billing_checkouts SET status = 'completed', completed_at = now() WHERE id = $1`, [
            checkoutId,
          ]);
      };
      if (kind === 'plan') {
        await lockSubscription(q);
        if (await heldByAnother(q, facts.subscriptionId)) {
          // Not "completed": its purchase was given back. An open one reads "Canceled" (an
          // expired one stays expired); the payments list shows the money as refunded.
          if (checkout)
            await q.query(`UPDATE billing_checkouts SET status = 'canceled' WHERE id = $1 AND status = 'open'`, [
              checkoutId,
            ]);
          const amount = num(o.amount_total) ?? 0;
          const description = checkout ? `1 × ${checkout.description}` : 'Subscription payment';
          return refundDuplicate(
            q,
            refunder,
            companyId,
            event,
            { invoiceId: ref(o.invoice), description, amountCents: amount, currency: str(o.currency) ?? 'usd' },
            facts.subscriptionId,
          );
        }
        await setPremium(q, companyId, every, await laterPeriodEnd(q, end), {
          customerId: facts.customerId,
          subscriptionId: facts.subscriptionId,
        });
        await complete();
        return `applied: Premium (${every}) until ${end.toISOString()}`;
      }
      const addonId = str(facts.metadata.addonId);
      if (kind === 'addon' && addonId && UUID.test(addonId)) {
        await grantAddon(q, companyId, addonId, facts.subscriptionId, end);
        await complete();
        return `applied: add-on ${addonId}`;
      }
      return 'ignored: unknown checkout';
    }
    case 'invoice.paid': {
      if (!facts.periodEnd) return 'ignored: no period';
      const end = new Date(facts.periodEnd * 1000);
      await remember(q, companyId, facts.subscriptionId);
      if (kind === 'plan') {
        await lockSubscription(q);
        if (await heldByAnother(q, facts.subscriptionId)) {
          const { status: _paid, periodEnd: _end, ...payment } = invoicePayment(event, 'paid', null);
          return refundDuplicate(q, refunder, companyId, event, payment, facts.subscriptionId);
        }
        const [row] = await q.query<{ every: 'month' | 'year' | null }>(
          `SELECT billing_interval AS every FROM subscriptions`,
        );
        const every = interval(facts.metadata.interval) ?? row?.every ?? 'month';
        await setPremium(q, companyId, every, await laterPeriodEnd(q, end), {
          customerId: facts.customerId,
          subscriptionId: facts.subscriptionId,
        });
      } else if (kind === 'addon') {
        const addonId = str(facts.metadata.addonId);
        if (addonId && UUID.test(addonId)) await grantAddon(q, companyId, addonId, facts.subscriptionId, end);
        else
          await q.query(
            `UPDATE company_addons SET current_period_end = greatest(current_period_end, $2) WHERE stripe_subscription_id = $1`,
            [facts.subscriptionId, end],
          );
      } else return 'ignored: unknown subscription';
      await recordPayment(q, companyId, event, invoicePayment(event, 'paid', end));
      return `applied: period extended to ${end.toISOString()}`;
    }
    case 'invoice.payment_failed': {
      if (!kind) return 'ignored: unknown subscription';
      if (kind === 'plan' && !(await isCurrentPlan(q, facts.subscriptionId))) return NOT_CURRENT;
      await cancelAtPeriodEnd(q, kind, facts.subscriptionId, 'payment_failed');
      await recordPayment(q, companyId, event, invoicePayment(event, 'failed', null));
      return `applied: ${kind} ends at period end (payment failed)`;
    }
    case 'customer.subscription.deleted': {
      if (!kind) return 'ignored: unknown subscription';
      if (kind === 'plan' && !(await isCurrentPlan(q, facts.subscriptionId))) return NOT_CURRENT;
      await cancelAtPeriodEnd(q, kind, facts.subscriptionId, 'deleted');
      return `applied: ${kind} ends at period end (subscription deleted)`;
    }
    case 'customer.subscription.updated': {
      // The owner may also cancel (or undo it) in Stripe's own billing portal.
      if (kind !== 'plan' || typeof o.cancel_at_period_end !== 'boolean') return 'ignored';
      if (!(await isCurrentPlan(q, facts.subscriptionId))) return NOT_CURRENT;
      await q.query(
        o.cancel_at_period_end
          ? `UPDATE subscriptions SET cancel_at_period_end = true, cancel_reason = 'owner', updated_at = now() WHERE cancel_reason IS NULL`
          : `UPDATE subscriptions SET cancel_at_period_end = false, cancel_reason = NULL, updated_at = now() WHERE cancel_reason = 'owner'`,
      );
      return `applied: cancel at period end ${o.cancel_at_period_end ? 'on' : 'off'}`;
    }
    default:
      return 'ignored: not handled';
  }
}

export async function applyEvent(db: Database, refunder: Refunder, event: WebhookEvent): Promise<EventOutcome> {
  const companyId = await companyOf(db, subscriptionFacts(event));
  if (!companyId) {
    // Recorded all the same, so a replay is recognised; there is nothing to change.
    return (await inPublic(db, (q) => firstDelivery(q, event, null, 'ignored: no company'))) ? 'ignored' : 'duplicate';
  }
  return inTenant(db, companyId, async (q) => {
    // Claim the id first: a concurrent delivery of the same event waits here, then finds it taken.
    if (!(await firstDelivery(q, event, companyId, 'pending'))) return 'duplicate';
    const outcome = await apply(q, refunder, companyId, event);
    await q.query(`UPDATE billing_events SET outcome = $2 WHERE id = $1`, [event.id, outcome]);
    return outcome.startsWith('applied') ? 'applied' : outcome.startsWith('refunded') ? 'refunded' : 'ignored';
  });
}
