import type { Queryable } from '../../db/database.js';
import { ApiError } from '../../lib/errors.js';
import { formatBytes } from '../../lib/bytes.js';
import { currentSubscription, lockSubscription, PLAN_TYPE } from './service.js';
import { addonAllowance, locationsInUse, seatsInUse, storageInUse } from './queries.js';

// Plan limits in one place. Run inside the company's transaction (RLS scopes every count).
// A limit is the plan's maxUsers / maxLocations plus what the company's active add-ons add.

export type LimitKind = 'users' | 'locations';

/**
 * Bytes of images (item photos, logo, profile pictures) a company may keep, by plan
 * (docs/decisions.md: why these numbers, and why here rather than a plans column).
 */
export const STORAGE_LIMIT_BYTES = { free: 100 * 1024 * 1024, premium: 10 * 1024 * 1024 * 1024 } as const;

export interface Limit {
  used: number;
  max: number;
  planName: string;
}

export async function userLimit(q: Queryable): Promise<Limit> {
  const { plan } = await currentSubscription(q);
  return {
    used: await seatsInUse(q),
    max: plan.maxUsers + (await addonAllowance(q, 'users')),
    planName: plan.planName,
  };
}

export async function locationLimit(q: Queryable): Promise<Limit> {
  const { plan } = await currentSubscription(q);
  return {
    used: await locationsInUse(q),
    max: plan.maxLocations + (await addonAllowance(q, 'locations')),
    planName: plan.planName,
  };
}

const REFUSAL: Record<LimitKind, { code: string; one: string; many: string; addon: string }> = {
  users: { code: 'PLAN_LIMIT_USERS', one: 'user', many: 'users', addon: 'Extra Users' },
  locations: { code: 'PLAN_LIMIT_LOCATIONS', one: 'location', many: 'locations', addon: 'Extra Location' },
};

/** The refusal: names the limit, where the company stands, and how to raise it. */
export function planLimitError(kind: LimitKind, { used, max, planName }: Limit): ApiError {
  const r = REFUSAL[kind];
  const counted = kind === 'users' ? ' (including pending invitations)' : '';
  return new ApiError(
    403,
    `Plan limit reached: your ${planName} allows ${max} ${max === 1 ? r.one : r.many}${counted} and ${used} ${used === 1 ? 'is' : 'are'} in use. ` +
      `To add more, upgrade to Premium or buy the ${r.addon} add-on (Pricing, or Go Premium).`,
    r.code,
  );
}

/** 403 PLAN_LIMIT_USERS when adding `extra` seats would pass the users limit. */
export async function assertSeatsAvailable(q: Queryable, extra = 1): Promise<void> {
  await lockSubscription(q);
  const limit = await userLimit(q);
  if (limit.used + extra > limit.max) throw planLimitError('users', limit);
}

/** 403 PLAN_LIMIT_LOCATIONS when adding `extra` locations would pass the locations limit. */
export async function assertLocationsAvailable(q: Queryable, extra = 1): Promise<void> {
  await lockSubscription(q);
  const limit = await locationLimit(q);
  if (limit.used + extra > limit.max) throw planLimitError('locations', limit);
}

export async function storageLimit(q: Queryable, replacing?: { bucket: string; name: string }): Promise<Limit> {
  const { plan } = await currentSubscription(q);
  return {
    used: await storageInUse(q, replacing),
    max: plan.planType === PLAN_TYPE.free ? STORAGE_LIMIT_BYTES.free : STORAGE_LIMIT_BYTES.premium,
    planName: plan.planName,
  };
}

/**
 * 403 PLAN_LIMIT_STORAGE when storing `bytes` more (in place of the object `replacing`, if any)
 * would pass the company's storage allowance. Holds the company's limits lock like the others,
 * so two uploads at once cannot both take the last megabytes.
 */
export async function assertStorageAvailable(
  q: Queryable,
  bytes: number,
  replacing: { bucket: string; name: string },
): Promise<void> {
  await lockSubscription(q);
  const { used, max, planName } = await storageLimit(q, replacing);
  if (used + bytes <= max) return;
  const upgrade = max < STORAGE_LIMIT_BYTES.premium;
  throw new ApiError(
    403,
    `Storage limit reached: your ${planName} allows ${formatBytes(max)} of images; ${formatBytes(used)} are in use ` +
      `and this image needs ${formatBytes(bytes)}. Remove images you no longer need` +
      (upgrade ? ` or upgrade to Premium (${formatBytes(STORAGE_LIMIT_BYTES.premium)}).` : '.'),
    'PLAN_LIMIT_STORAGE',
  );
}
