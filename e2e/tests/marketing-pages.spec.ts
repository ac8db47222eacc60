import { expect, test } from '../support/test';
import { loadedShares, SHARED_SINGLETONS } from '../support/federation';
import { appRan, waitForReact } from '../support/hydration';
import { login, registerCompany, signInWithToken } from '../support/session';
import { seriousA11yFindings } from '../support/axe';

// Issue 27: the marketing pages are finished when their HTML and CSS arrive; the application
// boots only when the visitor shows intent (typing, a control that needs it), and links are links.
const MARKETING_PAGES = ['/', '/documentation', '/privacy-policy', '/contact-us'];
const PHONE = { width: 390, height: 844 };
/** Each page names itself in its HTML: the tab and a search result do not wait for the app. */
const TITLES: Record<string, RegExp> = {
  '/': /^Stockwise · Know where every item is/,
  '/documentation': /^Documentation · Stockwise$/,
  '/privacy-policy': /^Privacy Policy · Stockwise$/,
  '/contact-us': /^Contact us · Stockwise$/,
  '/pricing': /^Simple pricing that grows with you · Stockwise$/,
};

for (const path of MARKETING_PAGES) {
  test(`${path} is finished as HTML and CSS: readable and linked without JavaScript, and runs no app on load`, async ({
    browser,
    page,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const bare = await context.newPage();
    await bare.goto(path);
    const heading = bare.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(bare).toHaveTitle(TITLES[path]!);
    expect(await bare.locator('meta[name="description"]').getAttribute('content')).not.toContain('item by item');
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Roboto');
    // The "needs JavaScript" notice is not for these pages.
    await expect(bare.getByText('Stockwise needs JavaScript to run.')).toHaveCount(0);
    // Links are links: following one is an ordinary navigation to a page that is there.
    const nav = bare.getByRole('navigation', { name: 'Primary' }).first();
    await nav.getByRole('link', { name: path === '/documentation' ? 'Contact' : 'Docs' }).click();
    await expect(bare.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(bare.url()).pathname).toBe(path === '/documentation' ? '/contact-us' : '/documentation');
    await context.close();

    // With JavaScript: nothing of the application runs until the visitor asks for it.
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await appRan(page), 'application JavaScript ran before any interaction').toBe(false);
  });
}

test('with JavaScript disabled, the phone menu opens, closes and leads on, and the accordion opens one feature at a time', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/');
  const menuLink = page.locator('details[data-menu]').getByRole('link', { name: 'Sign In' });
  await expect(menuLink).toBeHidden();
  await page.locator('summary', { hasText: 'Open the menu' }).click();
  await expect(menuLink).toBeVisible();
  // The same control closes it, where the overlay's close button was.
  await page.locator('summary', { hasText: 'Close the menu' }).click();
  await expect(menuLink).toBeHidden();
  // By keyboard too: the menu's control is reachable and Enter opens it.
  await page.locator('summary', { hasText: 'Open the menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(menuLink).toBeVisible();
  await menuLink.click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/');
  const first = page.getByText('Dashboards and reports read the same item history');
  const second = page.getByText('isolated from every other company');
  await expect(first).toBeVisible();
  await expect(second).toBeHidden();
  await page.locator('summary', { hasText: 'Secure & Safe' }).click();
  await expect(second).toBeVisible();
  await expect(first).toBeHidden();
  await page.locator('summary', { hasText: 'Multiple Platform' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('runs in any modern browser')).toBeVisible();
  await expect(second).toBeHidden();
  await context.close();
});

test('a signed-in owner opening / is sent to the dashboard before the landing page paints', async ({ page }) => {
  const company = await registerCompany(page.request);
  const { token, user } = await login(page.request, company.userName, company.password);
  await signInWithToken(page, token, user);
  const painted: string[] = [];
  await page.exposeBinding('reportPaint', (_source, text: string) => painted.push(text));
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (location.pathname === '/')
          (window as unknown as { reportPaint: (t: string) => void }).reportPaint(entry.name);
    }).observe({ type: 'paint', buffered: true });
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(painted, 'the landing page painted before the redirect').toEqual([]);
});

test('pressing a control that needs the app boots it on the same markup, with one React, one MUI, one shared', async ({
  page,
}) => {
  await page.goto('/');
  const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
  expect(await appRan(page)).toBe(false);
  await page.getByRole('button', { name: 'Language: English' }).first().click();
  // The press that asked for the app is answered by it: the language menu opens.
  await expect(page.getByRole('menuitem', { name: 'Türkçe' })).toBeVisible();
  await waitForReact(page);
  expect(await heading?.evaluate((h) => h.isConnected && h === document.querySelector('h1'))).toBe(true);
  const shares = await loadedShares(page);
  for (const pkg of SHARED_SINGLETONS) {
    const providers = shares.filter((s) => s.pkg === pkg);
    expect(providers.length, `${pkg} loaded providers`).toBeLessThanOrEqual(1);
    if (providers[0]) expect(providers[0].from, `${pkg} provider`).toBe('shell');
  }
  for (const pkg of ['react', 'react-dom', '@stockwise/shared'])
    expect(
      shares.filter((s) => s.pkg === pkg),
      `${pkg} is loaded`,
    ).toHaveLength(1);
});

test('typing into the contact form boots the app and nothing typed is lost; the message is sent', async ({ page }) => {
  await page.goto('/contact-us');
  expect(await appRan(page)).toBe(false);
  // Typed as a person types, key by key, while the application loads and takes over the page.
  await page.getByLabel('Your name').pressSequentially('Ada Lovelace', { delay: 20 });
  await page.getByLabel('Message').pressSequentially('Do you support serial numbers?', { delay: 20 });
  await waitForReact(page);
  await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Message')).toHaveValue('Do you support serial numbers?');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Send message' }).click();
  // Sent with what was typed before the boot: no "required" error on the first fields.
  await expect(page.getByText('Message sent')).toBeVisible();
});

test('/pricing works without JavaScript: its title, both prices behind a native monthly/yearly switch (mouse and keyboard), links that lead on', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/pricing');
  await expect(page).toHaveTitle(TITLES['/pricing']!);
  await expect(page.getByText('Stockwise needs JavaScript to run.')).toHaveCount(0);
  const premium = page.getByRole('article', { name: 'Premium' });
  const price = premium.getByTestId('plan-price').filter({ visible: true });
  await expect(price).toHaveText('$290');
  await expect(premium.getByTestId('discount-badge')).toBeVisible();
  await page.getByText('Monthly', { exact: true }).click();
  await expect(price).toHaveText('$29');
  await expect(premium.getByTestId('discount-badge')).toBeHidden();
  await expect(page.getByText('Extra Users (5 seats)')).toBeVisible();
  // By keyboard: the switch is a radio group, the arrow keys move between its two positions.
  await page.getByRole('radio', { name: 'Monthly' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Yearly/ })).toBeChecked();
  await expect(price).toHaveText('$290');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('on /pricing the switch runs no app; choosing a plan boots it and keeps the billing switched before', async ({
  page,
}) => {
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  // As a first visit finds it, before the app: no serious or critical accessibility violation.
  expect(await seriousA11yFindings(page, '/pricing')).toEqual([]);
  // As a visitor does: the switch's visible word (its radio is hidden from sight, not from the keyboard).
  await page.getByText('Monthly', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  const premium = page.getByRole('article', { name: 'Premium' });
  await expect(premium.getByTestId('plan-price').filter({ visible: true })).toHaveText('$29');
  expect(await appRan(page), 'the switch started the application').toBe(false);
  await premium.getByRole('button', { name: 'Choose Premium' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('stockwise.planSelection') ?? 'null'));
  expect(kept).toMatchObject({ name: 'Premium', selectedBilling: 'monthly', monthly: { actualPrice: 2900 } });
  await waitForReact(page);
  const shares = await loadedShares(page);
  for (const pkg of SHARED_SINGLETONS)
    expect(shares.filter((s) => s.pkg === pkg).length, `${pkg} loaded providers`).toBeLessThanOrEqual(1);
  for (const pkg of ['react', 'react-dom', '@stockwise/shared'])
    expect(
      shares.filter((s) => s.pkg === pkg),
      `${pkg} is loaded`,
    ).toHaveLength(1);
});
