import type { Locator, Page, Route } from '@playwright/test';

/**
 * React owns the page's heading: the prerendered markup was hydrated (or the page rendered).
 * A click on a prerendered page before this is a click on plain HTML, which does nothing.
 */
export async function waitForReact(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Whether any of the application's JavaScript ran in the page (the federation runtime, React). */
export const appRan = (page: Page) =>
  page.evaluate(
    () =>
      '__FEDERATION__' in window ||
      [...document.querySelectorAll('h1')].some((h) => Object.keys(h).some((k) => k.startsWith('__react'))),
  );

/**
 * Holds the shell's script (the page's prefetch of it and the boot's load) until the returned
 * function is called: whatever the test does meanwhile happens before the application runs.
 */
export async function holdTheShell(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => (released ? route.continue() : held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/**
 * A sign-in page boots the app on the visitor's first touch of a field: the steps that need the
 * app itself (the third-party button, known only from the API's answer; the development banner)
 * start so.
 */
export async function bootByTouch(page: Page) {
  await page.getByRole('textbox').first().click();
  await waitForReact(page);
}

/**
 * Presses `control` on a page that may still be booting on intent (/login, /register) and waits
 * until the app owns the page. The press is held until then and replayed, so what the test
 * expects next is the app's answer, under the suite's usual limit; the boot itself is not held to
 * it. With the CPU slowed 40×, the press on /register was answered ≈ 19 s after the boot began
 * (bench/held-press), beyond that limit, and a loaded CI machine once came as slow
 * (docs/benchmarks.md, "CI time", sessions 20 and 21).
 */
export async function pressWhileBooting(page: Page, control: Locator) {
  await control.click();
  await waitForReact(page);
}
