import { expect, test, type Page } from '../support/test';
import { appRan, holdTheShell, waitForReact } from '../support/hydration';
import { login, registerCompany, signInWithToken } from '../support/session';

// Issue 27: /login and /register are finished as HTML and CSS and boot the app on the visitor's
// first sign of intent; what the visitor typed and pressed before the app was up is handed over.

/** Counts the sign-in calls the page makes (POST /api/auth/login). */
function countSignIns(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/login') calls.push(request.url());
  });
  return calls;
}

test('typing on /login before the app is up survives its boot, and the form signs in with it', async ({ page }) => {
  const company = await registerCompany(page.request);
  const release = await holdTheShell(page);
  await page.goto('/login');
  // Typed as a person types, key by key, while the application cannot run yet.
  await page.getByLabel('User name or email').pressSequentially(company.userName, { delay: 10 });
  await page.getByLabel('Password', { exact: true }).pressSequentially(company.password, { delay: 10 });
  expect(await appRan(page), 'the application ran before its script was let through').toBe(false);
  await release();
  await waitForReact(page);
  await expect(page.getByLabel('User name or email')).toHaveValue(company.userName);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(company.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const press of ['Enter in the password field', 'a click on Sign In'])
  test(`${press} before the app is up signs in once it is, exactly once`, async ({ page }) => {
    const company = await registerCompany(page.request);
    const signIns = countSignIns(page);
    const release = await holdTheShell(page);
    await page.goto('/login');
    await page.getByLabel('User name or email').fill(company.userName);
    await page.getByLabel('Password', { exact: true }).fill(company.password);
    if (press.startsWith('Enter')) await page.getByLabel('Password', { exact: true }).press('Enter');
    else await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // The press was held: no native submission (the address carries nothing), no call yet.
    expect(await appRan(page)).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    expect(signIns).toEqual([]);
    await release();
    await waitForReact(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(signIns, 'sign-in calls').toHaveLength(1);
  });

test('typing and a press survive a page the app draws afresh (markup and script of different builds)', async ({
  page,
}) => {
  const company = await registerCompany(page.request);
  const signIns = countSignIns(page);
  // As when the remote is deployed between the page and its script: a word of the markup differs
  // from what the script renders, so React cannot adopt the markup and replaces every element.
  await page.route('**/login', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      body: (await response.text()).replace('Forgot password?', 'Forgot your password?'),
    });
  });
  const release = await holdTheShell(page);
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('User name or email').fill(company.userName);
  await page.getByLabel('Password', { exact: true }).fill(company.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.waitForLoadState('networkidle');
  expect(signIns, 'sign-in calls').toHaveLength(1);
});

test('before the app is up, the sign-in page’s links lead on and its other ways in answer the press', async ({
  page,
}) => {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  // A link is an ordinary navigation: no app needed.
  await page.getByRole('link', { name: 'Register your company' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Company name')).toBeVisible();
  expect(await appRan(page)).toBe(false);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  // A button that needs the app boots it, and its press is answered once the app is up.
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await expect(page.getByRole('menuitem', { name: 'Türkçe' })).toBeVisible();
});

test('the third-party button pressed before the app is up leads to the provider once it is', async ({ page }) => {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(await appRan(page)).toBe(false);
  // Before the app, the page cannot know which provider this server offers: the button is Google's
  // until the API answers (here the embedded development provider), and a press waits for that.
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
});

for (const path of ['/login', '/register'])
  test(`a signed-in owner opening ${path} is sent to the dashboard before the page paints`, async ({ page }) => {
    const company = await registerCompany(page.request);
    const { token, user } = await login(page.request, company.userName, company.password);
    await signInWithToken(page, token, user);
    const painted: string[] = [];
    await page.exposeBinding('reportPaint', (_source, text: string) => painted.push(text));
    await page.addInitScript((at) => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (location.pathname === at)
            (window as unknown as { reportPaint: (t: string) => void }).reportPaint(entry.name);
      }).observe({ type: 'paint', buffered: true });
    }, path);
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(painted, `${path} painted before the redirect`).toEqual([]);
  });
