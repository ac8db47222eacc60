import type { Plan } from '@stockwise/shared';
import {
  formatPrice,
  hasPremiumPlan,
  planName,
  showDiscountBadge,
  toCents,
  yearlyDiscountPercent,
  yearlySaving,
} from '../src/lib/price-math';
import {
  buildPlanSelection,
  chosenPrice,
  loadSelection,
  saveSelection,
  SELECTION_KEY,
  withBilling,
} from '../src/lib/plan-selection';

const premium: Plan = {
  planId: 'p1',
  planName: 'Premium Plan',
  planType: 1,
  monthlyPrice: 29,
  yearlyPrice: 290,
  maxUsers: 25,
  maxLocations: 20,
  stripePriceId: 'price_m',
  stripeYearlyPriceId: 'price_y',
};

describe('spec §9 price math', () => {
  test('yearly discount percent = round((12 × monthly − yearly) / (12 × monthly) × 100)', () => {
    expect(yearlyDiscountPercent(29, 290)).toBe(17); // 58 / 348 = 16.67 %
    expect(yearlyDiscountPercent(10, 100)).toBe(17);
    expect(yearlyDiscountPercent(10, 96)).toBe(20);
    expect(yearlyDiscountPercent(10, 114)).toBe(5); // 5 % rounds to 5
    expect(yearlyDiscountPercent(10, 119)).toBe(1); // 0.83 % rounds up to 1
    expect(yearlyDiscountPercent(10, 120)).toBe(0);
    expect(yearlyDiscountPercent(10, 130)).toBe(-8); // dearer yearly: negative, no badge
    expect(yearlyDiscountPercent(0, 0)).toBe(0); // Free: no division by zero
  });

  test('saving = 12 × monthly − yearly', () => {
    expect(yearlySaving(29, 290)).toBe(58);
    expect(yearlySaving(9.99, 99.9)).toBe(19.98);
    expect(yearlySaving(10, 120)).toBe(0);
  });

  test('the badge shows only when the percent is above 0', () => {
    expect(showDiscountBadge(17)).toBe(true);
    expect(showDiscountBadge(1)).toBe(true);
    expect(showDiscountBadge(0)).toBe(false);
    expect(showDiscountBadge(-8)).toBe(false);
  });

  test('actual price = price × 100 (cents), without floating-point drift', () => {
    expect(toCents(29)).toBe(2900);
    expect(toCents(290)).toBe(29000);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  test('prices display in dollars, with cents only when there are some', () => {
    expect(formatPrice(29)).toBe('$29');
    expect(formatPrice(290)).toBe('$290');
    expect(formatPrice(9.5)).toBe('$9.50');
  });
});

describe('plan-name rules (spec §§3-4, 8)', () => {
  test("a trailing ' Plan' is stripped", () => {
    expect(planName({ planName: 'Premium Plan', planType: 1 })).toBe('Premium');
    expect(planName({ planName: 'Free Plan', planType: 0 })).toBe('Free');
    expect(planName({ planName: 'Planet Plan', planType: 1 })).toBe('Planet');
    expect(planName({ planName: 'Business', planType: 1 })).toBe('Business');
    expect(planName({ planName: 'Plan B', planType: 1 })).toBe('Plan B');
  });

  test("no name: the type's name, and 'Unknown' for an unknown type", () => {
    expect(planName({ planName: '', planType: 0 })).toBe('Free');
    expect(planName({ planName: '', planType: 1 })).toBe('Premium');
    expect(planName({ planName: '', planType: 7 })).toBe('Unknown');
  });

  test('"Plans not available" when no plan of planType 1 exists', () => {
    expect(hasPremiumPlan(undefined)).toBe(false);
    expect(hasPremiumPlan([])).toBe(false);
    expect(hasPremiumPlan([{ planType: 0 }])).toBe(false);
    expect(hasPremiumPlan([{ planType: 0 }, { planType: 1 }])).toBe(true);
  });
});

describe('the plan selection of spec §3', () => {
  const text = { subtitle: 'For growing businesses', features: ['Up to 25 users'] };

  test('carries id, name, subtitle, features, both price objects, selectedBilling and billingInterval', () => {
    const selection = buildPlanSelection(premium, 'yearly', text);
    expect(selection).toEqual({
      id: 'p1',
      name: 'Premium',
      subtitle: 'For growing businesses',
      features: ['Up to 25 users'],
      monthly: { price: 29, displayPrice: '$29', period: 'month', priceId: 'price_m', actualPrice: 2900 },
      yearly: {
        price: 290,
        displayPrice: '$290',
        period: 'year',
        priceId: 'price_y',
        actualPrice: 29000,
        originalPrice: 348,
        savings: 58,
        discountPercent: 17,
      },
      selectedBilling: 'yearly',
      billingInterval: 'year',
    });
    expect(chosenPrice(selection).actualPrice).toBe(29000);
    const monthly = withBilling(selection, 'monthly');
    expect(monthly).toMatchObject({ selectedBilling: 'monthly', billingInterval: 'month' });
    expect(chosenPrice(monthly).actualPrice).toBe(2900);
  });

  test('survives a reload in sessionStorage; anything else stored there is ignored', () => {
    const selection = buildPlanSelection(premium, 'monthly', text);
    saveSelection(selection);
    expect(loadSelection()).toEqual(selection);
    sessionStorage.setItem(SELECTION_KEY, '{"id": 3}');
    expect(loadSelection()).toBeNull();
    sessionStorage.setItem(SELECTION_KEY, 'not json');
    expect(loadSelection()).toBeNull();
  });
});
