// Shapes the browser caches (spec §3). The API's full types are generated into api/types.ts.

export interface CachedUser {
  userName: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  profilePictureUrl?: string | null;
  roles?: string[];
  CompanyName?: string;
  companyName?: string;
}

export const PLAN_TYPE = { free: 0, premium: 1 } as const;
export const SUBSCRIPTION_STATUS = { active: 0 } as const;

export interface Plan {
  planId: string;
  planName: string;
  planType: number;
  monthlyPrice: number;
  yearlyPrice: number;
  maxUsers: number;
  maxLocations: number;
  stripePriceId?: string | null;
  stripeYearlyPriceId?: string | null;
}

export interface Subscription {
  status: number;
  plan: Plan | null;
}
