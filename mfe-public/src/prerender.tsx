// Build-time only: the pages of this remote that are prerendered to HTML (scripts/prerender.mjs
// builds this file for Node after the browser build and writes dist/prerendered/).
import { renderPage } from '@stockwise/shared/src/prerender/render-page';
import { INVITATION_PARAMS } from './features/auth/routes/RegisterPage';
import PublicRoutes from './routes';

/** The public pages a first visit lands on (issue 14); the others render on the client. */
export const PRERENDERED_PATHS = ['/', '/login', '/register', '/documentation', '/privacy-policy', '/contact-us'];

/**
 * The marketing pages: HTML and CSS a visitor can read and use before any application JavaScript
 * runs; the app boots when the visitor shows intent (issue 27). /login and /register are the app.
 */
const BOOT_ON_INTENT = new Set(['/', '/documentation', '/privacy-policy', '/contact-us']);

/** Query parameters that turn a prerendered path into another page. */
const VARIES_WITH: Record<string, readonly string[]> = { '/register': INVITATION_PARAMS };

export const render = (path: string) =>
  renderPage(PublicRoutes, path, {
    variesWith: VARIES_WITH[path] ?? [],
    bootOnIntent: BOOT_ON_INTENT.has(path),
    signedInHome: path === '/',
  });
