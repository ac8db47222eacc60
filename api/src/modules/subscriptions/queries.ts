import type { Queryable } from '../../db/database.js';
import { PLAN_TYPE } from '../../vocabulary.js';
import { iso } from '../../db/timestamps.js';

// The subscriptions module's SQL: the plan catalogue, the company's subscription row and what a
// plan limit counts. Every statement runs on the caller's Queryable (RLS scopes the company).

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
export interface SubscriptionRow extends Plan {
  status: number;
  billingInterval: 'month' | 'year' | null;
  currentPeriodEnd: string | null;
  lapsed: boolean;
}

const PLAN_COLUMNS = `p.id AS "planId", p.name AS "planName", p.plan_type::int AS "planType",
  p.monthly_price::float8 AS "monthlyPrice", p.yearly_price::float8 AS "yearlyPrice",
  p.max_users AS "maxUsers", p.max_locations AS "maxLocations",
  p.stripe_price_id AS "stripePriceId", p.stripe_yearly_price_id AS "stripeYearlyPriceId"`;

/**
 * A paid plan holds until its period end. One that renews gets a day of grace for the renewal's
 * invoice.paid to arrive; one cancelled at period end (by the owner, a failed payment or a deleted
 * provider subscription) ends exactly then. Past that the company is on Free again.
 */
export const LAPSED_SQL = `(p.plan_type <> ${PLAN_TYPE.free} AND s.current_period_end IS NOT NULL
  AND s.current_period_end + CASE WHEN s.cancel_at_period_end THEN interval '0 s' ELSE interval '1 day' END <= now())`;

export const listPlans = (q: Queryable): Promise<Plan[]> =>
  q.query<Plan>(`SELECT ${PLAN_COLUMNS} FROM plans p ORDER BY p.sort_order, p.name`);

export const listAddons = (q: Queryable): Promise<Addon[]> =>
  q.query<Addon>(`SELECT id AS "addonId", name AS "addonName", type, price::float8 AS price,
    billing_period AS "billingPeriod", stripe_price_id AS "stripePriceId", units FROM addons ORDER BY sort_order, name`);

export async function findPlan(q: Queryable, planId: string): Promise<Plan | null> {
  const [plan] = await q.query<Plan>(`SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.id = $1`, [planId]);
  return plan ?? null;
}

/** The company's subscription row with its plan, and whether its paid period has lapsed. */
export async function subscriptionRow(q: Queryable): Promise<SubscriptionRow | null> {
  const [row] = await q.query<SubscriptionRow>(
    `SELECT s.status::int AS status, s.billing_interval AS "billingInterval",
            ${iso('s.current_period_end')} AS "currentPeriodEnd",
            ${LAPSED_SQL} AS lapsed,
            ${PLAN_COLUMNS}
       FROM subscriptions s JOIN plans p ON p.id = s.plan_id`,
  );
  return row ?? null;
}

export async function insertFreeSubscription(q: Queryable, companyId: string): Promise<void> {
  await q.query(`INSERT INTO subscriptions (company_id, plan_id, status) VALUES ($1, $2, 0)`, [
    companyId,
    FREE_PLAN_ID,
  ]);
}

/** Takes the company's subscription row lock until the transaction ends. */
export async function lockSubscriptionRow(q: Queryable): Promise<void> {
  await q.query(`SELECT 1 FROM subscriptions FOR UPDATE`);
}

export interface PremiumPeriod {
  interval: 'month' | 'year';
  periodEnd: Date;
  customerId: string | null;
  subscriptionId: string | null;
}

/** Premium until periodEnd: creates or rewrites the row, keeping provider ids it already knows. */
export async function upsertPremium(q: Queryable, companyId: string, p: PremiumPeriod): Promise<void> {
  await q.query(
    `INSERT INTO subscriptions (company_id, plan_id, status, billing_interval, current_period_end, stripe_customer_id, stripe_subscription_id)
       VALUES ($1, $2, 0, $3, $4, $5, $6)
       ON CONFLICT (company_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, status = 0,
         billing_interval = EXCLUDED.billing_interval, current_period_end = EXCLUDED.current_period_end,
         stripe_customer_id = coalesce(EXCLUDED.stripe_customer_id, subscriptions.stripe_customer_id),
         stripe_subscription_id = coalesce(EXCLUDED.stripe_subscription_id, subscriptions.stripe_subscription_id),
         cancel_at_period_end = false, cancel_reason = NULL, updated_at = now()`,
    [companyId, PREMIUM_PLAN_ID, p.interval, p.periodEnd, p.customerId, p.subscriptionId],
  );
}

export async function setFreePlan(q: Queryable): Promise<void> {
  await q.query(
    `UPDATE subscriptions SET plan_id = $1, status = 0, billing_interval = NULL, current_period_end = NULL,
       cancel_at_period_end = false, cancel_reason = NULL, updated_at = now()`,
    [FREE_PLAN_ID],
  );
}

// ── what a plan limit counts ──

/** Seats used: users plus pending, unexpired invitations (DOMAIN.md: pending invitations count). */
export async function seatsInUse(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM users)::int
          + (SELECT count(*) FROM invitations WHERE status = 'pending' AND expires_at > now())::int AS n`,
  );
  return row?.n ?? 0;
}

/** Active locations (DOMAIN.md: counted against maxLocations). */
export async function locationsInUse(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM locations WHERE active`);
  return row?.n ?? 0;
}

/** What the company's add-ons add to a limit: units × quantity of every add-on still in its period. */
export async function addonAllowance(q: Queryable, kind: 'users' | 'locations'): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT coalesce(sum(a.units * ca.quantity), 0)::int AS n
       FROM company_addons ca JOIN addons a ON a.id = ca.addon_id
      WHERE a.type = $1 AND (ca.current_period_end IS NULL OR ca.current_period_end > now())`,
    [kind],
  );
  return row?.n ?? 0;
}

/** Bytes the company's stored objects take, leaving out one object about to be replaced. */
export async function storageInUse(q: Queryable, replacing?: { bucket: string; name: string }): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT coalesce(sum(size), 0)::float8 AS n FROM storage_objects WHERE NOT (bucket = $1 AND name = $2)`,
    [replacing?.bucket ?? '', replacing?.name ?? ''],
  );
  return Number(row?.n ?? 0);
}
