import { planDisplayName } from '@stockwise/shared';
import type { Plan } from '@stockwise/shared';

// Spec §9's price rules, in one place: the pricing page, the purchase page and their tests use these.

/** Yearly discount percent = round((12 × monthly − yearly) / (12 × monthly) × 100); 0 without a monthly price. */
export function yearlyDiscountPercent(monthly: number, yearly: number): number {
  if (!(monthly > 0)) return 0;
  return Math.round(((12 * monthly - yearly) / (12 * monthly)) * 100);
}

/** Saving = 12 × monthly − yearly. */
export function yearlySaving(monthly: number, yearly: number): number {
  return Math.round((12 * monthly - yearly) * 100) / 100;
}

/** The discount badge shows only when the percent is above 0. */
export const showDiscountBadge = (discountPercent: number): boolean => discountPercent > 0;

/** Actual price = price × 100 (cents), rounded so 19.99 is 1999 and not 1998.9999. */
export const toCents = (price: number): number => Math.round(price * 100);

/** $29, or $29.50 when there are cents. */
export function formatPrice(amount: number, currency = 'USD', locale = 'en-US'): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A plan's name for display (spec §3-4): a trailing ' Plan' stripped; 'Unknown' for an unknown type without a name. */
export function planName(plan: Pick<Plan, 'planName' | 'planType'>): string {
  return planDisplayName({ status: 0, plan: { ...plan } as Plan });
}

/** Spec §8: "Plans not available" when no plan of planType 1 exists. */
export const hasPremiumPlan = (plans: readonly Pick<Plan, 'planType'>[] | undefined): boolean =>
  Boolean(plans?.some((p) => p.planType === 1));
