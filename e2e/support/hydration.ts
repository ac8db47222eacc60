import type { Page } from '@playwright/test';

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
