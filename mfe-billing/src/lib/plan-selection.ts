import type { Plan } from '@stockwise/shared';
import { formatPrice, planName, toCents, yearlyDiscountPercent, yearlySaving } from '@/lib/price-math';

// Spec §3: the plan selection the purchase page receives.

export type SelectedBilling = 'monthly' | 'yearly';
export type BillingInterval = 'month' | 'year';

export interface PriceOption {
  price: number;
  displayPrice: string;
  period: BillingInterval;
  priceId: string | null;
  /** Actual price in cents (price × 100). */
  actualPrice: number;
}

export interface YearlyPriceOption extends PriceOption {
  /** What twelve monthly payments would cost. */
  originalPrice: number;
  savings: number;
  discountPercent: number;
}

export interface PlanSelection {
  id: string;
  name: string;
  subtitle: string;
  features: string[];
  monthly: PriceOption;
  yearly: YearlyPriceOption;
  selectedBilling: SelectedBilling;
  billingInterval: BillingInterval;
}

export const intervalOf = (billing: SelectedBilling): BillingInterval => (billing === 'yearly' ? 'year' : 'month');

export function buildPlanSelection(
  plan: Plan,
  selectedBilling: SelectedBilling,
  text: { subtitle: string; features: string[] },
): PlanSelection {
  const originalPrice = 12 * plan.monthlyPrice;
  return {
    id: plan.planId,
    name: planName(plan),
    subtitle: text.subtitle,
    features: text.features,
    monthly: {
      price: plan.monthlyPrice,
      displayPrice: formatPrice(plan.monthlyPrice),
      period: 'month',
      priceId: plan.stripePriceId,
      actualPrice: toCents(plan.monthlyPrice),
    },
    yearly: {
      price: plan.yearlyPrice,
      displayPrice: formatPrice(plan.yearlyPrice),
      period: 'year',
      priceId: plan.stripeYearlyPriceId,
      actualPrice: toCents(plan.yearlyPrice),
      originalPrice,
      savings: yearlySaving(plan.monthlyPrice, plan.yearlyPrice),
      discountPercent: yearlyDiscountPercent(plan.monthlyPrice, plan.yearlyPrice),
    },
    selectedBilling,
    billingInterval: intervalOf(selectedBilling),
  };
}

/** The same selection with the other billing chosen. */
export const withBilling = (selection: PlanSelection, billing: SelectedBilling): PlanSelection => ({
  ...selection,
  selectedBilling: billing,
  billingInterval: intervalOf(billing),
});

/** The price object the selection pays. */
export const chosenPrice = (selection: PlanSelection): PriceOption =>
  selection.selectedBilling === 'yearly' ? selection.yearly : selection.monthly;

// It survives a reload: kept in sessionStorage (this tab only), with the billing in the URL too.
export const SELECTION_KEY = 'stockwise.planSelection';

function isSelection(value: unknown): value is PlanSelection {
  const v = value as PlanSelection | null;
  return Boolean(
    v &&
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    Array.isArray(v.features) &&
    typeof v.monthly?.price === 'number' &&
    typeof v.yearly?.price === 'number' &&
    (v.selectedBilling === 'monthly' || v.selectedBilling === 'yearly'),
  );
}

export function saveSelection(selection: PlanSelection): void {
  try {
    sessionStorage.setItem(SELECTION_KEY, JSON.stringify(selection));
  } catch {
    // Storage blocked: the URL still carries the plan and billing.
  }
}

export function loadSelection(): PlanSelection | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SELECTION_KEY) ?? 'null');
    return isSelection(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearSelection(): void {
  try {
    sessionStorage.removeItem(SELECTION_KEY);
  } catch {
    // nothing to clear
  }
}
