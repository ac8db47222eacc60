// Build-time only: the pages of this remote that are prerendered to HTML (scripts/prerender.mjs
// builds this file for Node after the browser build and writes dist/prerendered/).
import { renderPage } from '@stockwise/shared/src/prerender/render-page';
import BillingRoutes from './routes';

/** The price list, a page a first visit lands on (issue 14); the plans themselves come from the API. */
export const PRERENDERED_PATHS = ['/pricing'];

export const render = (path: string) => renderPage(BillingRoutes, path);
