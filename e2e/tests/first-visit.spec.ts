import { expect, test, type Page } from '../support/test';
import { loadedShares, MUI_STATE_MODULES, muiStateCopies, SHARED_SINGLETONS } from '../support/federation';
import { appRan, bootByTouch, waitForReact } from '../support/hydration';

// Issue 14: the pages a first visit lands on come as HTML with their critical CSS (prerendered by
// their remote's build) and the shell hydrates that markup instead of drawing the page again.
const PRERENDERED = ['/', '/login', '/register', '/pricing'];
/**
 * Every prerendered page boots the app only on intent (issue 27): the marketing pages in
 * marketing-pages.spec.ts, the sign-in pages here and in sign-in-on-intent.spec.ts.
 */
const SIGN_IN_PAGES = ['/login', '/register'];

/** The shell's scripts never arrive: what the visitor sees before any of our JavaScript runs. */
async function withoutShellScripts(page: Page) {
  await page.route(/\/main\.[0-9a-f]+\.js$/, (route) => route.abort());
}

function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

for (const path of SIGN_IN_PAGES) {
  test(`${path} paints its page before any JavaScript, runs no app at load, and a touch of a field hydrates the same markup`, async ({
    browser,
    page,
  }) => {
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
    // Without JavaScript a native submission is a POST: the password never goes into the address.
    const secret = 'not-in-the-address';
    await bare.locator('input[type="password"]').first().fill(secret);
    const sent = bare.waitForRequest((request) => request.isNavigationRequest());
    await bare.locator('form button[type="submit"]').first().click();
    const native = await sent;
    expect(native.method()).toBe('POST');
    expect(native.url()).not.toContain(secret);
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
    await page.waitForLoadState('networkidle');
    expect(await appRan(page), 'application JavaScript ran before any interaction').toBe(false);
    // The first touch of a field boots the app (a phone opens its keyboard meanwhile).
    await page.getByRole('textbox').first().click();
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
    // Once hydrated too, the page's forms can be sent.
    const liveSubmits = page.locator('form button[type="submit"]');
    for (let i = 0; i < (await liveSubmits.count()); i++) await expect(liveSubmits.nth(i)).toBeEnabled();

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

test('an invitation link is not painted as the company registration it was prerendered as, and hydrates without error', async ({
  page,
}) => {
  const link = '/register?invitationId=00000000-0000-4000-8000-00000000dead';
  const errors = hydrationErrors(page);
  await withoutShellScripts(page);
  await page.goto(link);
  // The prerendered /register is the company form: dropped before it paints for this link.
  await expect(page.locator('#root')).toBeEmpty();

  await page.unrouteAll();
  await page.goto(link);
  await waitForReact(page);
  await expect(page.getByText('This invitation does not exist.')).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** The sum of the page's layout shifts not caused by input, from the first paint on (Chromium). */
async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as { layoutShifts?: { value: number; nodes: string[] }[] };
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"` : '?';
        });
        w.layoutShifts!.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(1000);
    const shifts = await page.evaluate(
      () => (window as { layoutShifts?: { value: number; nodes: string[] }[] }).layoutShifts ?? [],
    );
    return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  };
}

/** As a production server answers: no development banner (it pushes the page down by design). */
async function asInProduction(page: Page) {
  await page.route('**/api/environment', (route) =>
    route.fulfill({
      json: {
        mode: 'production',
        standIns: { signIn: false, payments: false, mail: false, demoData: false },
        mail: true,
        payments: true,
        paymentProvider: 'stripe',
        auth: { url: 'https://stockwise.example', key: 'sb_publishable_stockwise' },
      },
    }),
  );
}

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
for (const [size, viewport] of Object.entries(VIEWPORTS))
  for (const scheme of ['light', 'dark'])
    test(`nothing moves on the first-visit pages as they load and hydrate (${scheme}, ${size}): CLS ≤ 0.05`, async ({
      browser,
    }) => {
      // The offline worker the first page installs would fetch /api/environment for the next
      // ones, where page.route (the production answer) cannot see it.
      const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
      await context.addInitScript((mode) => localStorage.setItem('theme-mode', mode), scheme);
      for (const path of PRERENDERED) {
        const page = await context.newPage();
        await asInProduction(page);
        const layoutShifts = await observeLayoutShifts(page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const { cls, shifts } = await layoutShifts();
        expect(cls, `${path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.05);
        await page.close();
      }
      await context.close();
    });

test('text painted before Roboto arrives already takes Roboto’s room (the sized fallback font)', async ({
  browser,
}) => {
  /** The hero's heights, as the page lays it out with no JavaScript (the prerendered HTML alone). */
  async function heroHeights(blockFonts: boolean) {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    if (blockFonts) await page.route(/\.woff2?$/, (route) => route.abort());
    await page.goto('/');
    const result = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        roboto: [...document.fonts].some((f) => f.family === 'Roboto' && f.status === 'loaded'),
        heights: [...document.querySelectorAll('h1, main p')]
          .slice(0, 4)
          .map((el) => el.getBoundingClientRect().height),
      };
    });
    await context.close();
    return result;
  }
  const withRoboto = await heroHeights(false);
  expect(withRoboto.roboto).toBe(true);
  // Roboto never comes: the sized fallback lays the hero out in the same lines.
  const without = await heroHeights(true);
  expect(without.roboto).toBe(false);
  expect(without.heights).toEqual(withRoboto.heights);
});

test('a sign-in document runs none of the app at load and starts its fonts; a page that runs it at load starts remotes.json with the shell, fetched once', async ({
  page,
}) => {
  const signIn = await (await page.request.get('/login', { headers: { accept: 'text/html' } })).text();
  expect(signIn, 'no script of the app in the sign-in document').not.toMatch(/<script\b[^>]*\bsrc=/);
  expect(signIn, 'nothing of the app preloaded at load').not.toContain('href="/remotes.json"');
  expect(signIn).toMatch(/<link rel="preload" href="[^"]+roboto-latin-700[^"]+\.woff2" as="font"/);

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // Not prerendered: the shell runs at load, and its first fetch is hinted before its script.
  const response = await page.goto('/forgot-password');
  const html = (await response?.text()) ?? '';
  expect(html.indexOf('href="/remotes.json"'), 'remotes.json hinted').toBeGreaterThan(-1);
  expect(html.indexOf('href="/remotes.json"')).toBeLessThan(html.indexOf('<script'));
  await waitForReact(page);
  await page.waitForLoadState('networkidle');
  // The shell's fetch used the preloaded answer: not fetched twice.
  expect(requested.filter((p) => p === '/remotes.json')).toHaveLength(1);
});

test('a prerendered document carries only the theme variables and font faces its page uses; the app brings all of them', async ({
  page,
}) => {
  // Unread by the sign-in page: the slider's track colour, the deepest shadow; no Cyrillic text.
  const unread = ['--mui-palette-Slider-primaryTrack', '--mui-shadows-24'];
  for (const path of ['/', '/login']) {
    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    expect(html, `${path} declares the variables it reads`).toContain('--mui-palette-background-default:');
    for (const name of unread) expect(html, `${path} leaves out ${name}`).not.toContain(`${name}:`);
    expect(html, `${path} declares Roboto's Latin faces`).toMatch(/roboto-latin-400-normal[^"]*\.woff2/);
    expect(html, `${path} leaves out the faces its text cannot use`).not.toContain('roboto-cyrillic');
  }
  await page.goto('/login');
  await page.getByRole('textbox').first().click();
  await waitForReact(page);
  // Once the app owns the page, every screen it can open next finds the whole theme and every face.
  const app = await page.evaluate((names) => {
    const root = getComputedStyle(document.documentElement);
    return {
      variables: names.map((name) => root.getPropertyValue(name).trim()),
      cyrillic: [...document.fonts].some((face) => face.family === 'Roboto' && face.unicodeRange.includes('U+400-45F')),
    };
  }, unread);
  expect(app.variables.every(Boolean), `${unread.join(', ')} after hydration: ${app.variables.join(' | ')}`).toBe(true);
  expect(app.cyrillic, 'the Cyrillic faces, from the app stylesheet').toBe(true);
});

test('in development a page shown before the app boots says the stand-ins are in use, and the app’s banner takes its place without moving the page', async ({
  browser,
  page,
}) => {
  // In the markup: with JavaScript off too.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  for (const path of ['/', '/login']) {
    await bare.goto(path);
    const banner = bare.getByRole('region', { name: 'Development mode' });
    await expect(banner).toContainText('are stand-ins. Not for real users.');
    await expect(banner.getByRole('link', { name: 'Read the mail it sent' })).toHaveAttribute(
      'href',
      '/api/dev/outbox',
    );
  }
  await noScript.close();

  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(await appRan(page)).toBe(false);
  const banner = page.getByRole('region', { name: 'Development mode' });
  await expect(banner).toHaveCount(1);
  const words = await banner.textContent();
  const heading = page.getByRole('heading', { level: 1 });
  const before = (await heading.boundingBox())!.y;
  await bootByTouch(page);
  // The app's own banner (it knows the stand-ins from /api/environment), and only it.
  await expect(page.getByTestId('development-banner')).toBeVisible();
  await expect(banner).toHaveCount(1);
  await expect(banner).toHaveText(words!);
  expect(Math.abs((await heading.boundingBox())!.y - before), 'the heading moved when the app took over').toBeLessThan(
    1,
  );
});
