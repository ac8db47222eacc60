import { PLAN_TYPE, SUBSCRIPTION_STATUS, type Subscription } from './types';

/** Spec §4: premium means planType 1 (Premium) and status 0 (active). */
export function isPremium(subscription: Subscription | null | undefined): boolean {
  return subscription?.plan?.planType === PLAN_TYPE.premium && subscription.status === SUBSCRIPTION_STATUS.active;
}

const NAMES_BY_TYPE: Record<number, string> = { [PLAN_TYPE.free]: 'Free', [PLAN_TYPE.premium]: 'Premium' };

/**
 * The plan's display name: 'Free' with no subscription; the plan's own name without a trailing
 * ' Plan'; otherwise the name of its type, and 'Unknown' for an unknown type (spec §§3-4).
 */
export function planDisplayName(subscription: Subscription | null | undefined): string {
  if (!subscription?.plan) return 'Free';
  const name = subscription.plan.planName?.trim();
  if (name) return name.replace(/ Plan$/, '');
  return NAMES_BY_TYPE[subscription.plan.planType] ?? 'Unknown';
}
