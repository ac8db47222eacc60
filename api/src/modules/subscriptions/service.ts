import type { Database, Queryable } from '../../db/database.js';
import { inTenant } from '../../db/tenant.js';
import { SUBSCRIPTION_STATUS } from '../../vocabulary.js';
import { recordAudit } from '../audit/index.js';
import * as queries from './queries.js';
import type { Plan } from './queries.js';

export { PLAN_TYPE, SUBSCRIPTION_STATUS } from '../../vocabulary.js';
export { FREE_PLAN_ID, LAPSED_SQL, PREMIUM_PLAN_ID, listAddons, listPlans } from './queries.js';
export type { Addon, Plan } from './queries.js';

export interface CurrentSubscription {
  status: number;
  plan: Plan;
  billingInterval: 'month' | 'year' | null;
  currentPeriodEnd: string | null;
}

/** Every new company starts on an active Free subscription. Call inside the company's transaction. */
export function startFreeSubscription(q: Queryable, companyId: string): Promise<void> {
  return queries.insertFreeSubscription(q, companyId);
}

/**
 * Serialises what depends on the company's plan: two requests checking a limit, two checkouts
 * being opened or two payments being applied at once queue on the company's subscription row
 * until the transaction that checks (and then changes) commits.
 */
export function lockSubscription(q: Queryable): Promise<void> {
  return queries.lockSubscriptionRow(q);
}

/** The caller's company subscription (RLS scopes it); a missing or lapsed row reads as active Free. */
export async function currentSubscription(q: Queryable): Promise<CurrentSubscription> {
  const row = await queries.subscriptionRow(q);
  if (!row || row.lapsed) {
    const free = await queries.findPlan(q, queries.FREE_PLAN_ID);
    return { status: SUBSCRIPTION_STATUS.active, plan: free!, billingInterval: null, currentPeriodEnd: null };
  }
  const { status, billingInterval, currentPeriodEnd, lapsed: _lapsed, ...plan } = row;
  return { status, billingInterval, currentPeriodEnd, plan };
}

/**
 * For the billing module (Stripe checkout / webhooks): put a company on Premium until periodEnd.
 * Runs in the company's own RLS-bound transaction.
 */
export function activatePremium(
  db: Database,
  companyId: string,
  interval: 'month' | 'year',
  periodEnd: Date,
  stripe: { customerId?: string | null; subscriptionId?: string | null } = {},
): Promise<void> {
  return inTenant(db, companyId, (q) => setPremium(q, companyId, interval, periodEnd, stripe));
}

/** activatePremium inside a transaction the caller holds (billing applies a webhook event and records it in one). */
export function setPremium(
  q: Queryable,
  companyId: string,
  interval: 'month' | 'year',
  periodEnd: Date,
  stripe: { customerId?: string | null; subscriptionId?: string | null } = {},
): Promise<void> {
  return audited(q, companyId, () =>
    queries.upsertPremium(q, companyId, {
      interval,
      periodEnd,
      customerId: stripe.customerId ?? null,
      subscriptionId: stripe.subscriptionId ?? null,
    }),
  );
}

/** The plan as the audit log keeps it. */
const planSnapshot = (s: CurrentSubscription) => ({
  plan: s.plan.planName,
  billingInterval: s.billingInterval,
  currentPeriodEnd: s.currentPeriodEnd,
});

/**
 * A change of plan, recorded in the audit log with the plan before and after. Its actor is the
 * system: the payment provider's event (a webhook) makes it, not a signed-in user.
 */
async function audited(q: Queryable, companyId: string, change: () => Promise<unknown>): Promise<void> {
  const before = await currentSubscription(q);
  await change();
  const after = await currentSubscription(q);
  await recordAudit(q, {
    companyId,
    actorId: null,
    entity: 'subscription',
    entityId: companyId,
    entityName: after.plan.planName,
    action: 'update',
    before: planSnapshot(before),
    after: planSnapshot(after),
  });
}

/** Back to Free (a cancelled or lapsed Premium). */
export function downgradeToFree(db: Database, companyId: string): Promise<void> {
  return inTenant(db, companyId, (q) => audited(q, companyId, () => queries.setFreePlan(q)));
}
