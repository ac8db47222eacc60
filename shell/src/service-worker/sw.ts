// The service worker (docs/architecture.md, "The offline shell"): after one visit the shell and
// the remotes' screens that were opened load without the network, so a till whose browser is
// reloaded offline still opens the counter (its queue is the page's own, mfe-workspace/src/offline).
// Built by the shell's production build only (InjectManifest in rspack.base.js) and served as /sw.js.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, type Strategy } from 'workbox-strategies';
import { requestKind, SHELL_DOCUMENT, type RequestKind } from './rules';

interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
}
declare const self: WorkerScope;

/** How long a page load or an entry waits for a network that answers nothing (a till on a bad line). */
const NETWORK_TIMEOUT_SECONDS = 6;
/** Only whole answers are kept: a 404 or 500 from a remote is never what an offline load is given. */
const onlyOk = () => new CacheableResponsePlugin({ statuses: [200] });

// A new worker takes over at once (docs/decisions.md, "The service worker"): pages and entries are
// network-first, so the next load is the new build; nothing is reloaded under a seller's hands.
void self.skipWaiting();
clientsClaim();

// The shell's own build: its document, scripts and styles (rspack.base.js says which files).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const STRATEGIES: Record<Exclude<RequestKind, 'pass'>, Strategy> = {
  // A page load with no network gets the shell's document from this build (below).
  page: new NetworkOnly({ networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
  'remote-entry': new NetworkFirst({
    cacheName: 'stockwise-remote-entries',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyOk()],
  }),
  'remote-chunk': new CacheFirst({
    cacheName: 'stockwise-remote-chunks',
    // Every build of a remote adds new hashed files: the oldest go first, all of them when space runs out.
    plugins: [
      onlyOk(),
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
  'shell-asset': new CacheFirst({
    cacheName: 'stockwise-shell-assets',
    plugins: [onlyOk(), new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
  environment: new NetworkFirst({
    cacheName: 'stockwise-environment',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyOk()],
  }),
};

// The run-time routes on a router of their own, which also takes Workbox's CACHE_URLS message:
// the page hands it what it loaded before this worker controlled it (register.ts), so the first
// visit's remote chunks are kept too.
const router = new Router();
for (const [kind, strategy] of Object.entries(STRATEGIES)) {
  router.registerRoute(
    new Route(
      ({ url, request }) => requestKind(url, self.location.origin, request.mode === 'navigate') === kind,
      strategy,
    ),
  );
}
router.setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(SHELL_DOCUMENT)) ?? Response.error();
  return Response.error();
});
router.addFetchListener();
router.addCacheListener();
