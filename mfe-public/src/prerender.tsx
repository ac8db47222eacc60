// Build-time only: the pages of this remote that are prerendered to HTML (scripts/prerender.mjs
// builds this file for Node after the browser build and writes dist/prerendered/).
import { renderPage, type PageMeta } from '@stockwise/shared/src/prerender/render-page';
import { en as auth } from './features/auth/i18n/en';
import { en as contact } from './features/contact/i18n/en';
import { en as docs } from './features/docs/i18n/en';
import { en as landing } from './features/landing/i18n/en';
import { en as legal } from './features/legal/i18n/en';
import { INVITATION_PARAMS } from './features/auth/routes/RegisterPage';
import PublicRoutes from './routes';

/** The public pages a first visit lands on (issue 14); the others render on the client. */
export const PRERENDERED_PATHS = ['/', '/login', '/register', '/documentation', '/privacy-policy', '/contact-us'];

/**
 * HTML and CSS a visitor can read and use before any application JavaScript runs; the app boots
 * when the visitor shows intent (issue 27): the marketing pages, and the sign-in pages, whose
 * typing and press are handed over to the app once it is up.
 */
const BOOT_ON_INTENT = new Set(['/', '/documentation', '/privacy-policy', '/contact-us', '/login', '/register']);

/** Pages the app sends a signed-in visitor away from: sent on before they paint (signed-in-home.ts). */
const SIGNED_IN_ELSEWHERE = new Set(['/', '/login', '/register']);

/**
 * Each page's own title and description (English, the language pages are prerendered in): the
 * document is finished as HTML, so its tab and search result must not wait for the app.
 */
const META: Record<string, PageMeta> = {
  '/': { title: `Stockwise · ${landing.hero.title}`, description: landing.hero.subtitle },
  '/login': { title: auth.auth.login.title, description: auth.auth.login.subtitle },
  '/register': { title: `${auth.auth.register.title} · Stockwise`, description: auth.auth.register.subtitle },
  '/documentation': { title: `${docs.docs.title} · Stockwise`, description: docs.docs.subtitle },
  '/privacy-policy': { title: `${legal.privacy.title} · Stockwise`, description: legal.privacy.sections[0]!.body },
  '/contact-us': { title: `${contact.contact.title} · Stockwise`, description: contact.contact.subtitle },
};

/** Query parameters that turn a prerendered path into another page. */
const VARIES_WITH: Record<string, readonly string[]> = { '/register': INVITATION_PARAMS };

export const render = (path: string) =>
  renderPage(PublicRoutes, path, {
    variesWith: VARIES_WITH[path] ?? [],
    bootOnIntent: BOOT_ON_INTENT.has(path),
    signedInHome: SIGNED_IN_ELSEWHERE.has(path),
    ...(META[path] ? { meta: META[path] } : {}),
  });
