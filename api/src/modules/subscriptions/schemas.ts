import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../lib/schemas.js';

export const PlanSchema = Type.Object(
  {
    planId: Type.String(),
    planName: Type.String(),
    planType: Type.Integer({ description: '0 Free, 1 Premium' }),
    monthlyPrice: Type.Number(),
    yearlyPrice: Type.Number(),
    maxUsers: Type.Integer(),
    maxLocations: Type.Integer(),
    stripePriceId: Nullable(Type.String()),
    stripeYearlyPriceId: Nullable(Type.String()),
  },
  { title: 'Plan' },
);
export const AddonSchema = Type.Object(
  {
    addonId: Type.String(),
    addonName: Type.String(),
    type: Type.String(),
    price: Type.Number(),
    billingPeriod: Type.String(),
    stripePriceId: Nullable(Type.String()),
    units: Type.Integer({ description: 'How much one unit raises the limit named by type (users or locations)' }),
  },
  { title: 'Addon' },
);
export const SubscriptionSchema = Type.Object(
  {
    status: Type.Integer({ description: '0 active' }),
    plan: PlanSchema,
    billingInterval: Type.Union([Type.Literal('month'), Type.Literal('year'), Type.Null()]),
    currentPeriodEnd: Nullable(Timestamp),
  },
  { title: 'Subscription' },
);
