import { isPremium, planDisplayName } from '../src/auth/premium';
import type { Plan } from '../src/auth/types';

const plan = (over: Partial<Plan>): Plan => ({
  planId: 'p',
  planName: '',
  planType: 0,
  monthlyPrice: 0,
  yearlyPrice: 0,
  maxUsers: 1,
  maxLocations: 1,
  stripePriceId: null,
  stripeYearlyPriceId: null,
  ...over,
});

describe('premium flag (spec §4)', () => {
  it('is premium only with planType 1 and status 0', () => {
    expect(isPremium({ status: 0, plan: plan({ planType: 1 }) })).toBe(true);
    expect(isPremium({ status: 1, plan: plan({ planType: 1 }) })).toBe(false);
    expect(isPremium({ status: 0, plan: plan({ planType: 0 }) })).toBe(false);
    expect(isPremium(null)).toBe(false);
    expect(isPremium({ status: 0, plan: null })).toBe(false);
  });
});

describe('plan name (spec §§3-4)', () => {
  it("is 'Free' when there is no subscription", () => {
    expect(planDisplayName(null)).toBe('Free');
    expect(planDisplayName(undefined)).toBe('Free');
  });
  it("strips a trailing ' Plan'", () => {
    expect(planDisplayName({ status: 0, plan: plan({ planName: 'Premium Plan', planType: 1 }) })).toBe('Premium');
    expect(planDisplayName({ status: 0, plan: plan({ planName: 'Business Planner', planType: 1 }) })).toBe(
      'Business Planner',
    );
  });
  it("names the type when the plan has no name, and 'Unknown' for an unknown type", () => {
    expect(planDisplayName({ status: 0, plan: plan({ planType: 1 }) })).toBe('Premium');
    expect(planDisplayName({ status: 0, plan: plan({ planType: 0 }) })).toBe('Free');
    expect(planDisplayName({ status: 0, plan: plan({ planType: 7 }) })).toBe('Unknown');
  });
});
