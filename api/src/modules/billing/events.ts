import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { lockSubscription, setPremium } from '../subscriptions/index.js';
import * as queries from './queries.js';
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
    const companyId = facts.companyId;
    if (await inPublic(db, (q) => queries.companyExists(q, companyId))) return companyId;
  }
  const subscriptionId = facts.subscriptionId;
  if (!subscriptionId) return null;
  return inPublic(db, (q) => queries.companyOfSubscription(q, subscriptionId));
}

/** Records the event; false when it was recorded before (a duplicate or a replay). */
async function firstDelivery(
  q: Queryable,
  event: WebhookEvent,
  companyId: string | null,
  outcome: string,
): Promise<boolean> {
  return queries.insertEvent(q, event, companyId, outcome);
}

/** Is this provider subscription the company's plan, one of its add-ons, or not known yet? */
async function whatIs(q: Queryable, subscriptionId: string | null, metadata: Obj): Promise<'plan' | 'addon' | null> {
  if (metadata.kind === 'plan' || metadata.kind === 'addon') return metadata.kind;
  if (!subscriptionId) return null;
  if (await queries.isPlanSubscription(q, subscriptionId)) return 'plan';
  return (await queries.isAddonSubscription(q, subscriptionId)) ? 'addon' : null;
}

/** The later of the company's current paid period end and `end`. */
async function laterPeriodEnd(q: Queryable, end: Date): Promise<Date> {
  const current = await queries.paidPeriodEnd(q);
  return current && current > end ? current : end;
}

async function remember(q: Queryable, companyId: string, subscriptionId: string | null): Promise<void> {
  if (!subscriptionId) return;
  await queries.rememberSubscription(q, companyId, subscriptionId);
}

/** A payment in the billing history: an invoice paid or failed, or a payment given back. */
type PaymentFacts = Omit<queries.PaymentRow, 'eventId' | 'eventCreated' | 'refundId'> & { refundId?: string | null };

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

function recordPayment(q: Queryable, companyId: string, event: WebhookEvent, p: PaymentFacts) {
  return queries.insertPayment(q, companyId, {
    ...p,
    refundId: p.refundId ?? null,
    eventId: event.id,
    eventCreated: event.created,
  });
}

/**
 * Is the company's paid period already held by another purchase? Called with the subscription
 * row locked, in the transaction that would apply the payment: of two purchases paid for one
 * period (two tabs, parallel checkouts) the first applied holds it, and every later one is a
 * duplicate, whatever order its events arrive in. A renewal of the holding subscription is not.
 */
async function heldByAnother(q: Queryable, subscriptionId: string | null): Promise<boolean> {
  const row = await queries.periodHolder(q);
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
  if (await queries.isInvoiceRefunded(q, payment.invoiceId)) return `ignored: ${payment.invoiceId} already refunded`;
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
  return queries.isPlanSubscription(q, subscriptionId);
}
const NOT_CURRENT = "ignored: not the company's subscription";

async function cancelAtPeriodEnd(
  q: Queryable,
  kind: 'plan' | 'addon',
  subscriptionId: string | null,
  reason: 'payment_failed' | 'deleted',
) {
  if (kind === 'plan') await queries.cancelPaidPlanAtPeriodEnd(q, reason);
  else if (subscriptionId) await queries.cancelAddonAtPeriodEnd(q, subscriptionId);
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
      const description = checkoutId && UUID.test(checkoutId) ? await queries.checkoutDescription(q, checkoutId) : null;
      const checkout = checkoutId && description !== null ? { id: checkoutId, description } : null;
      const complete = async () => {
        if (checkout) await queries.completeCheckout(q, checkout.id);
      };
      if (kind === 'plan') {
        await lockSubscription(q);
        if (await heldByAnother(q, facts.subscriptionId)) {
          // Not "completed": its purchase was given back. An open one reads "Canceled" (an
          // expired one stays expired); the payments list shows the money as refunded.
          if (checkout) await queries.cancelOpenCheckout(q, checkout.id);
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
        await queries.upsertAddon(q, companyId, addonId, facts.subscriptionId, end);
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
        const every = interval(facts.metadata.interval) ?? (await queries.billingInterval(q)) ?? 'month';
        await setPremium(q, companyId, every, await laterPeriodEnd(q, end), {
          customerId: facts.customerId,
          subscriptionId: facts.subscriptionId,
        });
      } else if (kind === 'addon') {
        const addonId = str(facts.metadata.addonId);
        if (addonId && UUID.test(addonId)) await queries.upsertAddon(q, companyId, addonId, facts.subscriptionId, end);
        else await queries.extendAddon(q, facts.subscriptionId, end);
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
      await queries.setProviderOwnerCancel(q, o.cancel_at_period_end);
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
    await queries.setEventOutcome(q, event.id, outcome);
    return outcome.startsWith('applied') ? 'applied' : outcome.startsWith('refunded') ? 'refunded' : 'ignored';
  });
}
