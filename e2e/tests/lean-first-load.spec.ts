import { expect, test } from '../support/test';

// Issue 27: a marketing page is finished as its HTML and CSS; the app's files are downloaded for a
// quick boot, but only once the page has loaded — on a phone's slow network, files fetched with
// the fonts share the bandwidth the page's first paint waits for.
for (const path of ['/privacy-policy', '/pricing']) {
  test(`${path} downloads the app's files only after it has loaded, and runs none of them`, async ({ page }) => {
    await page.goto(path);
    const fetched = await page.waitForFunction(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const app = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/main\.[0-9a-f]+\.js$|\/remoteEntry\.js$/.test(entry.name));
      // The shell's entry and the page's remote entry.
      if (!navigation?.loadEventEnd || app.length < 2) return null;
      return { loaded: navigation.loadEventEnd, starts: app.map((entry) => entry.startTime) };
    });
    const { loaded, starts } = (await fetched.jsonValue())!;
    for (const start of starts)
      expect(start, 'an app file started before the page had loaded').toBeGreaterThanOrEqual(loaded);
    expect(await page.evaluate(() => '__FEDERATION__' in window), 'the application ran').toBe(false);
  });
}
