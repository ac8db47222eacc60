// Build-time only: the pages of this remote that are prerendered to HTML (scripts/prerender.mjs
// builds this file for Node after the browser build and writes dist/prerendered/).
import type { Addon, Plan } from '@stockwise/shared';
import { renderPage } from '@stockwise/shared/src/prerender/render-page';
import { catalogKeys } from './api/catalog';
import { en } from './i18n/en';
import priceList from './prerender-price-list.json';
import BillingRoutes from './routes';

/** The price list, a page a first visit lands on (issue 14). */
export const PRERENDERED_PATHS = ['/pricing'];

/**
 * /pricing is a marketing page (issue 27): its prices are in the HTML and its monthly/yearly
 * switch is native, so it is finished before any application JavaScript runs; the app boots on
 * intent (choosing a plan). The prices are the price list the API seeds (migrations 0001/0002;
 * api/test/prerendered-price-list.test.ts keeps the two equal); once the app runs it asks the
 * API again and shows today's.
 */
export const render = (path: string) =>
  renderPage(BillingRoutes, path, {
    bootOnIntent: true,
    meta: { title: `${en.pricing.title} · Stockwise`, description: en.pricing.subtitle },
    queries: [
      { queryKey: catalogKeys.plans, data: priceList.plans satisfies Plan[] },
      { queryKey: catalogKeys.addons, data: priceList.addons satisfies Addon[] },
    ],
  });
