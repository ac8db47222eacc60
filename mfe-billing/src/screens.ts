import { lazyPage, type Screen } from '@stockwise/shared';
import { NS } from './i18n';

/**
 * Every screen of this remote (exact paths; the shell routes only these here, see the shell's src/mf/areas.ts):
 * the routes are built from it. Each page is its own chunk.
 */
export const SCREENS: Screen[] = [
  {
    path: 'pricing',
    title: 'pricing.title',
    page: lazyPage(() => import('@/features/pricing').then((m) => m.PricingPage)),
  },
  {
    path: 'premium-purchase',
    title: 'purchase.title',
    page: lazyPage(() => import('@/features/purchase').then((m) => m.PremiumPurchasePage)),
  },
  {
    path: 'test-subscription-limit',
    title: 'limits.title',
    page: lazyPage(() => import('@/features/limits').then((m) => m.SubscriptionLimitPage)),
  },
];

/** Exposed as ./screens: what the shell builds the drawer from (billing has no drawer entry). */
export const TABLE = { namespace: NS, screens: SCREENS };
