import type { Page } from '@playwright/test';

/**
 * Waits for the page as a user reads it once it has settled: its requests answered (no network
 * activity for half a second) and no transition or animation halfway through (a dialog fading in,
 * a drawer sliding). Endless ones (a spinner) never end, so they do not count. Waiting on these
 * instead of a fixed pause ends as soon as the page is still, and still waits as long as a slow
 * machine needs.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}
