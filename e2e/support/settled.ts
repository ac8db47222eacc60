import { expect, type Page, type Request } from '@playwright/test';
import { navigateInApp } from './federation';

/** The page's requests in flight, counted from `watchRequests` on (see `settled`). */
export interface RequestWatch {
  /** Resolves once no request has been in flight for `quietMs`. */
  quiet(quietMs?: number): Promise<void>;
}

/**
 * Starts counting the page's requests in flight. Playwright's `networkidle` is a state of a page
 * load: once a load reached it, waiting for it again returns at once, so after a navigation inside
 * the page (a menu link, `navigateInApp`) it would not wait for the new screen's data. Sweeps that
 * move between screens without reloading the app (a page load costs the browser about a CPU second,
 * docs/benchmarks.md "CI time") wait on this instead. Long-lived streams (the live updates'
 * EventSource) never finish, so they do not count.
 */
export function watchRequests(page: Page): RequestWatch {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const start = (request: Request) => {
    if (request.resourceType() === 'eventsource' || request.resourceType() === 'websocket') return;
    inFlight.add(request);
    changed = Date.now();
  };
  const end = (request: Request) => {
    if (inFlight.delete(request)) changed = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(quietMs = 500) {
      // Bounded by the test's own time limit, as `waitForLoadState` is.
      while (inFlight.size > 0 || Date.now() - changed < quietMs) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

/**
 * Waits for the page as a user reads it once it has settled: its requests answered (no network
 * activity for half a second) and no transition or animation halfway through (a dialog fading in,
 * a drawer sliding). Endless ones (a spinner) never end, so they do not count. Waiting on these
 * instead of a fixed pause ends as soon as the page is still, and still waits as long as a slow
 * machine needs. After a navigation inside the page, pass the page's `watchRequests`: the load's
 * `networkidle` is already behind it.
 */
export async function settled(page: Page, requests?: RequestWatch) {
  if (requests) await requests.quiet();
  else await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Opens `path` (with its query, if any) inside the running app, as a menu link does, and waits
 * for its screen as a user reads it: the address, a heading in <main> that the previous screen did
 * not have (each screen is its own component, so its heading is a new element; until it shows, the
 * old screen is still on the page), then `settled`. The page must have loaded the app once.
 */
export async function openInApp(page: Page, requests: RequestWatch, path: string) {
  const previous = 'data-e2e-previous-screen';
  await page
    .locator('main h1')
    .evaluateAll((headings, mark) => headings.forEach((h) => h.setAttribute(mark, '')), previous);
  await navigateInApp(page, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await expect(page.locator(`main h1:not([${previous}])`).first()).toBeVisible();
  await settled(page, requests);
}
