import { expect, test, type Page } from '@playwright/test';
import { loadedShares, MUI_STATE_MODULES, muiStateCopies, SHARED_SINGLETONS } from '../support/federation';

// Issue 14: the pages a first visit lands on come as HTML with their critical CSS (prerendered by
// their remote's build) and the shell hydrates that markup instead of drawing the page again.
const PRERENDERED = ['/', '/login', '/register', '/pricing'];

/** The shell's scripts never arrive: what the visitor sees before any of our JavaScript runs. */
async function withoutShellScripts(page: Page) {
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
}

/** React owns the page's heading: the prerendered markup was hydrated (or the page rendered). */
async function waitForReact(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

for (const path of PRERENDERED) {
  test(`${path} paints its page before any JavaScript, then the same markup is hydrated`, async ({ browser, page }) => {
    // No JavaScript at all: the heading, the sign-in link and the page's own styles are there.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(path);
    const heading = bare.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const text = (await heading.textContent())?.trim();
    expect(text).toBeTruthy();
    // Critical CSS came with the document: MUI's classes are styled (not the browser's defaults).
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Roboto');
    await noScript.close();

    // With JavaScript: the element painted first is the one React takes over, with no error.
    const errors = hydrationErrors(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as { prerenderedHeading?: Element | null }).prerenderedHeading = document.querySelector('h1');
      });
    });
    await page.goto(path);
    await waitForReact(page);
    expect(
      await page.evaluate(() => {
        const first = (window as { prerenderedHeading?: Element | null }).prerenderedHeading;
        return Boolean(first) && first === document.querySelector('h1') && first?.isConnected;
      }),
      'the prerendered heading is the hydrated one',
    ).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text as string);
    expect(errors).toEqual([]);

    // Still one React, one MUI, one @stockwise/shared: every singleton from the shell.
    const shares = await loadedShares(page);
    for (const pkg of SHARED_SINGLETONS) {
      const providers = shares.filter((s) => s.pkg === pkg);
      expect(providers.length, `${pkg} loaded providers`).toBeLessThanOrEqual(1);
      if (providers[0]) expect(providers[0].from, `${pkg} provider`).toBe('shell');
    }
    // MUI's components are bundled by each build; its contexts and page-wide state are one each.
    for (const pkg of MUI_STATE_MODULES)
      expect(shares.filter((s) => s.pkg === pkg).length, `${pkg} loaded providers`).toBeLessThanOrEqual(1);
    for (const pkg of [
      'react',
      'react-dom',
      '@mui/material/styles/ThemeProviderWithVars',
      '@mui/system/DefaultPropsProvider/DefaultPropsProvider',
      '@stockwise/shared',
    ])
      expect(
        shares.filter((s) => s.pkg === pkg),
        `${pkg} is loaded`,
      ).toHaveLength(1);
    for (const [key, files] of Object.entries(await muiStateCopies(page.request, requested)))
      expect(files, `files carrying ${key}`).toHaveLength(1);
  });
}

test('a dark-mode visitor gets the dark page before any JavaScript runs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme-mode', 'dark'));
  await withoutShellScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(13, 18, 32)'); // the dark palette's background.default, #0d1220
});

test('a visitor who chose Turkish never sees the English markup; the page renders in Turkish', async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const english = await noScript.newPage();
  await english.goto('/login');
  const englishHeading = (await english.getByRole('heading', { level: 1 }).textContent())?.trim();
  await noScript.close();
  expect(englishHeading).toBeTruthy();

  await page.addInitScript(() => localStorage.setItem('language', 'tr'));
  const errors = hydrationErrors(page);
  await withoutShellScripts(page);
  await page.goto('/login');
  // Before the shell's JavaScript: the English markup was dropped, so nothing misleading shows.
  await expect(page.locator('#root')).toBeEmpty();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');

  await page.unrouteAll();
  await page.goto('/login');
  await waitForReact(page);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(englishHeading as string);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
  expect(errors).toEqual([]);
});
