// Build-time only: the pages of this remote that are prerendered to HTML (scripts/prerender.mjs
// builds this file for Node after the browser build and writes dist/prerendered/).
import { renderPage } from '@stockwise/shared/src/prerender/render-page';
import PublicRoutes from './routes';

/** The public pages a first visit lands on (issue 14); the others render on the client. */
export const PRERENDERED_PATHS = ['/', '/login', '/register'];

export const render = (path: string) => renderPage(PublicRoutes, path);
