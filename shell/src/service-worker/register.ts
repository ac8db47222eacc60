import { runWhenIdle } from '../mf/idle';

/** Where the worker is served (the shell's dist/, at the site root so that its scope is every page). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * What this page loaded from its own origin before the worker controlled it (the first visit's
 * remote entries and chunks, remotes.json, the environment): the worker's routes decide which of
 * them to keep, as if they had passed through it.
 */
export function loadedBeforeControl(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(window.location.origin));
}

/**
 * Registers the offline worker (sw.ts) once the page has loaded and gone idle, in production
 * builds only: `pnpm dev`'s servers rebuild on every edit and a worker would serve stale code.
 * A failed registration (a private window, an old browser) leaves the page as it is: online
 * everything works without the worker.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  runWhenIdle(() => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) =>
        registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loadedBeforeControl() } }),
      )
      .catch((error: unknown) => console.warn('[shell] the offline worker could not be registered', error));
  }, 1000);
}
