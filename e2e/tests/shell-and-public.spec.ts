import { expect, test, type Page } from '../support/test';
import { mailedLink, pathOf } from '../support/mail';
import { pressWhileBooting } from '../support/hydration';
import { login, registerCompany, signInWithToken } from '../support/session';
import { acceptOnScreen } from '../support/invitations';
import { menuLinks, PURCHASING_LINKS, REPORTING_LINKS, STOCKTAKE_LINKS } from '../support/menu';
import { settled } from '../support/settled';
import { seriousA11yFindings } from '../support/axe';

// Issue 4, point 10: the shell and the public site as a new user meets them, in Chromium.

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/privacy-policy',
  '/documentation',
  '/contact-us',
  '/verify-email',
];

async function expectNoSeriousA11yViolations(page: Page, label: string, only?: string) {
  // The settled page, as a user reads it: data loaded, no transition halfway through.
  await settled(page);
  expect(await seriousA11yFindings(page, label, only)).toEqual([]);
}

test("a visitor's landing page: links, tiles, accordion, footer, at phone width too", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Primary' }).first();
  await expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/documentation');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us');
  for (const tile of ['Real-time Tracking', 'Report Automation', 'Full Integrations', 'Advanced Analytics']) {
    await expect(page.getByRole('heading', { name: tile })).toBeVisible();
  }
  // The accordion is native (<details>): it opens whether or not the app has booted.
  await page.locator('summary', { hasText: 'Secure & Safe' }).click();
  await expect(page.getByText('isolated from every other company')).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await footer.getByRole('link', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/documentation$/);
  await expect(page.getByRole('heading', { name: 'Roles and what each may do' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.locator('summary', { hasText: 'Open the menu' }).click();
  await page.locator('details[data-menu]').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('register a company in the browser; after verifying the email the owner lands on /dashboard with the owner menu and Go Premium', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  await page.goto('/register');
  await page.getByLabel('Company name').fill(`Browser Traders ${id}`);
  await page.getByLabel('Industry').fill('Retail');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('User name').fill(`grace_${id}`);
  await page.getByLabel('Email').fill(`grace_${id}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse battery');
  await pressWhileBooting(page, page.getByRole('button', { name: 'Create company' }));
  // Issue 8: the email is proven first — the mailed link, then sign in.
  await expect(page.getByRole('status')).toContainText('Check your email');
  await page.goto(pathOf(await mailedLink(page.request, `grace_${id}@example.com`, '/verify-email')));
  await expect(page.getByRole('status')).toContainText('Email verified');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('User name or email').fill(`grace_${id}`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('top-bar-user-name')).toHaveText('Grace Hopper');
  await expect(page.getByTestId('sidebar-company-name')).toHaveText(`Browser Traders ${id}`);
  await expect(page.getByRole('link', { name: 'Go Premium' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Dashboard/ })).toHaveAttribute('aria-current', 'page');

  // Sign out, then sign in through the form.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('user'),
      localStorage.getItem('subscription'),
    ]),
  ).toEqual([null, null, null]);
  await page.goto('/login');
  await page.getByLabel('User name or email').fill(`grace_${id}`);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await pressWhileBooting(page, page.getByRole('button', { name: 'Sign In', exact: true }));
  await expect(page.getByRole('alert')).toContainText('Invalid user name or password.');
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a user invited as Storekeeper lands on /my-tasks and sees exactly the §6 menu', async ({ page }) => {
  const owner = await registerCompany(page.request);
  const { token } = await login(page.request, owner.userName, owner.password);
  const id = Date.now().toString(36);
  const email = `keeper_${id}@example.com`;
  const created = await page.request.post('/api/invitations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, roles: ['Storekeeper'] },
  });
  expect(created.status()).toBe(201);
  const invitation = (await created.json()) as { id: string };

  await page.goto(`/register?invitationId=${invitation.id}`);
  await expect(page.getByRole('heading', { name: `Join ${owner.companyName} on Stockwise` })).toBeVisible();
  await acceptOnScreen(page, {
    email,
    firstName: 'Kim',
    lastName: 'Keeper',
    userName: `keeper_${id}`,
    password: 'correct horse battery',
  });
  await expect(page.getByRole('status')).toContainText('Check your email');
  await page.goto(pathOf(await mailedLink(page.request, email, '/verify-email')));
  await expect(page.getByRole('status')).toContainText('Email verified');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('User name or email').fill(`keeper_${id}`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/my-tasks$/);

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Retries until the menu has rendered, then compares every entry in order.
  await expect(menu.getByRole('link')).toHaveText(menuLinks(STOCKTAKE_LINKS, PURCHASING_LINKS, REPORTING_LINKS));
  await expect(page.getByRole('link', { name: 'Go Premium' })).toHaveCount(0);
  // The owner-only page sends a Storekeeper back to /my-tasks.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/my-tasks$/);
});

test('at phone width the signed-in page is readable: no drawer modal hides it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const company = await registerCompany(page.request);
  const { token, user } = await login(page.request, company.userName, company.password);
  await signInWithToken(page, token, user);
  await page.goto('/my-tasks');
  // Role queries skip aria-hidden subtrees: the heading is found only if the page is exposed.
  await expect(page.getByRole('heading', { level: 1, name: 'My Tasks' })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('button', { name: 'Toggle the menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('the theme survives a reload', async ({ page }) => {
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);
  await page.goto('/my-tasks');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});

test('an expired token sends the browser to /', async ({ page }) => {
  const owner = await registerCompany(page.request);
  const { user } = await login(page.request, owner.userName, owner.password);
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const expired = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', exp: 1_000_000_000, role: 'Company Owner' })}.bad`;
  await signInWithToken(page, expired, user);
  await page.goto('/my-tasks');
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('axe-core finds no serious or critical violation on the public pages and the shell', async ({ page }) => {
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);
  // /settings/company: the menu's Settings section is open there (its list once broke axe's list rule).
  for (const path of ['/dashboard', '/profile', '/settings/company', '/contact']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  // Check the settled dark page: not the toggle's tooltip halfway through its fade-in.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/contact (dark)');

  // A notification as it shows (hovered, so it stays while axe reads it): its text is readable.
  await page.getByRole('textbox', { name: 'Message' }).fill('Is there a yearly plan?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const notification = page.locator('.notistack-MuiContent-success');
  await expect(notification).toBeVisible();
  await notification.hover();
  await expectNoSeriousA11yViolations(page, 'success notification', '.notistack-SnackbarContainer');
  await expect(notification).toBeVisible();
});
