import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import { currentSubscription } from './service.js';

// Plan limits in one place. Run inside the company's transaction (RLS scopes every count).

/** Seats used: users plus pending, unexpired invitations (DOMAIN.md: pending invitations count). */
export async function seatsInUse(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM users)::int
          + (SELECT count(*) FROM invitations WHERE status = 'pending' AND expires_at > now())::int AS n`,
  );
  return row?.n ?? 0;
}

export async function userLimit(q: Queryable): Promise<{ used: number; max: number; planName: string }> {
  const { plan } = await currentSubscription(q);
  return { used: await seatsInUse(q), max: plan.maxUsers, planName: plan.planName };
}

/** 403 PLAN_LIMIT_USERS when adding `extra` seats would pass the plan's maxUsers. */
export async function assertSeatsAvailable(q: Queryable, extra = 1): Promise<void> {
  const { used, max, planName } = await userLimit(q);
  if (used + extra > max) {
    throw new ApiError(
      403,
      `Your ${planName} allows ${max} users (including pending invitations). Upgrade to add more.`,
      'PLAN_LIMIT_USERS',
    );
  }
}
