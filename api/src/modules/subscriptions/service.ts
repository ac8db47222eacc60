import type { Database, Queryable } from '../../db/database.js';
import { inTenant } from '../../db/tenant.js';

/** Spec §9: planType 0 Free, 1 Premium; subscription status 0 active. */
export const PLAN_TYPE = { free: 0, premium: 1 } as const;
export const SUBSCRIPTION_STATUS = { active: 0, pastDue: 1, canceled: 2 } as const;
/** The two plans seeded by migration 0001 (the catalogue is global, not tenant data). */
export const FREE_PLAN_ID = '00000000-0000-4000-8000-000000000001';
export const PREMIUM_PLAN_ID = '00000000-0000-4000-8000-000000000002';

export interface Plan {
  planId: string;
  planName: string;
  planType: number;
  monthlyPrice: number;
  yearlyPrice: number;
  maxUsers: number;
  maxLocations: number;
  stripePriceId: string | null;
  stripeYearlyPriceId: string | null;
}
export interface Addon {
  addonId: string;
  addonName: string;
  type: string;
  price: number;
  billingPeriod: string;
  stripePriceId: string | null;
  units: number;
}
export interface CurrentSubscription {
  status: number;
  plan: Plan;
  billingInterval: 'month' | 'year' | null;
  currentPeriodEnd: string | null;
}

const PLAN_COLUMNS = `p.id AS "planId", p.name AS "planName", p.plan_type::int AS "planType",
  p.monthly_price::float8 AS "monthlyPrice", p.yearly_price::float8 AS "yearlyPrice",
  p.max_users AS "maxUsers", p.max_locations AS "maxLocations",
  p.stripe_price_id AS "stripePriceId", p.stripe_yearly_price_id AS "stripeYearlyPriceId"`;

export function listPlans(q: Queryable): Promise<Plan[]> {
  return q.query<Plan>(`SELECT ${PLAN_COLUMNS} FROM plans p ORDER BY p.sort_order, p.name`);
}

export function listAddons(q: Queryable): Promise<Addon[]> {
  return q.query<Addon>(`SELECT id AS "addonId", name AS "addonName", type, price::float8 AS price,
    billing_period AS "billingPeriod", stripe_price_id AS "stripePriceId", units FROM addons ORDER BY sort_order, name`);
}

/** Every new company starts on an active Free subscription. Call inside the company's transaction. */
export async function startFreeSubscription(q: Queryable, companyId: string): Promise<void> {
  await q.query(`INSERT INTO subscriptions (company_id, plan_id, status) VALUES ($1, $2, 0)`, [
    companyId,
    FREE_PLAN_ID,
  ]);
}

/**
 * A paid plan holds until its period end. One that renews gets a day of grace for the renewal's
 * invoice.paid to arrive; one cancelled at period end (by the owner, a failed payment or a deleted
 * provider subscription) ends exactly then. Past that the company is on Free again.
 */
export const LAPSED_SQL = `(p.plan_type <> ${PLAN_TYPE.free} AND s.current_period_end IS NOT NULL
  AND s.current_period_end + CASE WHEN s.cancel_at_period_end THEN interval '0 s' ELSE interval '1 day' END <= now())`;

/**
 * Serialises what depends on the company's plan: two requests checking a limit, two checkouts
 * being opened or two payments being applied at once queue on the company's subscription row
 * until the transaction that checks (and then changes) commits.
 */
export async function lockSubscription(q: Queryable): Promise<void> {
  await q.query(`SELECT 1 FROM subscriptions FOR UPDATE`);
}

/** The caller's company subscription (RLS scopes it); a missing or lapsed row reads as active Free. */
export async function currentSubscription(q: Queryable): Promise<CurrentSubscription> {
  const rows = await q.query<Plan & Omit<CurrentSubscription, 'plan'> & { lapsed: boolean }>(
    `SELECT s.status::int AS status, s.billing_interval AS "billingInterval",
            to_char(s.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "currentPeriodEnd",
            ${LAPSED_SQL} AS lapsed,
            ${PLAN_COLUMNS}
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id`,
  );
  const row = rows[0];
  if (!row || row.lapsed) {
    const [free] = await q.query<Plan>(`SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.id = $1`, [FREE_PLAN_ID]);
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
export async function setPremium(
  q: Queryable,
  companyId: string,
  interval: 'month' | 'year',
  periodEnd: Date,
  stripe: { customerId?: string | null; subscriptionId?: string | null } = {},
): Promise<void> {
  await q.query(
    `INSERT INTO subscriptions (company_id, plan_id, status, billing_interval, current_period_end, stripe_customer_id, stripe_subscription_id)
       VALUES ($1, $2, 0, $3, $4, $5, $6)
       ON CONFLICT (company_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, status = 0,
         billing_interval = EXCLUDED.billing_interval, current_period_end = EXCLUDED.current_period_end,
         stripe_customer_id = coalesce(EXCLUDED.stripe_customer_id, subscriptions.stripe_customer_id),
         stripe_subscription_id = coalesce(EXCLUDED.stripe_subscription_id, subscriptions.stripe_subscription_id),
         cancel_at_period_end = false, cancel_reason = NULL, updated_at = now()`,
    [companyId, PREMIUM_PLAN_ID, interval, periodEnd, stripe.customerId ?? null, stripe.subscriptionId ?? null],
  );
}

/** Back to Free (a cancelled or lapsed Premium). */
export function downgradeToFree(db: Database, companyId: string): Promise<void> {
  return inTenant(db, companyId, async (q) => {
    await q.query(
      `UPDATE subscriptions SET plan_id = $1, status = 0, billing_interval = NULL, current_period_end = NULL,
         cancel_at_period_end = false, cancel_reason = NULL, updated_at = now()`,
      [FREE_PLAN_ID],
    );
  });
}
