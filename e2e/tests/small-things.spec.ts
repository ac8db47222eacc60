import { expect, test, type Page } from '../support/test';
import { waitForReact } from '../support/hydration';
import { fillReception } from '../support/reception';
import { login, registerCompany, signInWithToken } from '../support/session';

// Small things a user notices: pricing for a signed-in owner, a serial's end on a phone, an
// invitation link without a hydration error, the tab icon, and the top bar's links by claims.

const DEMO_PASSWORD = 'Demo1234!';

async function signInAs(page: Page, userName: string, password = DEMO_PASSWORD) {
  const { token, user } = await login(page.request, userName, password);
  await signInWithToken(page, token, user);
  return token;
}

/** Every console error and every 404 the page meets from now on. */
function watchForFaults(page: Page) {
  const faults: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') faults.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() === 404) faults.push(`404: ${new URL(response.url()).pathname}`);
  });
  return faults;
}

test('a signed-in owner opening /pricing reads the plans there, with Free as their plan and the upgrade leading to the purchase', async ({
  page,
}) => {
  const company = await registerCompany(page.request);
  await signInAs(page, company.userName, company.password);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple pricing that grows with you');
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('button', { name: 'Toggle the menu' })).toBeVisible();
  const free = page.getByRole('article', { name: 'Free' });
  await expect(free.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
  await page
    .getByRole('article', { name: 'Premium' })
    .getByRole('button', { name: /^Choose Premium/ })
    .click();
  await expect(page).toHaveURL(/\/premium-purchase\?plan=.+&billing=yearly$/);
});

test('on a 390 px phone the item list shows the last characters of a long serial', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const long = `STH-${stamp}-WH1000XM5-BATCH-356938035643809`;
  await signInAs(page, 'newitem');
  await page.goto('/actions/inventory-reception');
  await fillReception(page, long);
  await page.getByRole('button', { name: 'Receive 1 item' }).click();
  await page.getByRole('dialog', { name: '1 label' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Received 1 item at Main Warehouse.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'owner');
  await page.goto(`/reporting/item-list?q=${long}`);
  const cell = page.getByRole('link', { name: `Open the history of ${long}` });
  await expect(cell).toBeVisible();
  // Which of the serial's characters are drawn inside the link's box.
  const shown = await cell.evaluate((link) => {
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    const text = walker.nextNode() as Text;
    const box = link.getBoundingClientRect();
    const range = document.createRange();
    return [...text.data].map((_, i) => {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const r = range.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    });
  });
  expect(shown.slice(-6)).toEqual([true, true, true, true, true, true]);
});

test('an invitation link opens its form with no console error (no hydration mismatch) and no missing file', async ({
  page,
}) => {
  const company = await registerCompany(page.request);
  const { token } = await login(page.request, company.userName, company.password);
  const invitation = await page.request.post('/api/invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { email: `invitee_${Date.now().toString(36)}@example.com`, roles: ['Storekeeper'] },
  });
  expect(invitation.status()).toBe(201);
  const { id } = (await invitation.json()) as { id: string };

  const faults = watchForFaults(page);
  await page.goto(`/register?invitationId=${id}`);
  await waitForReact(page);
  await expect(page.getByText(`You are invited to join ${company.companyName}.`)).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(faults).toEqual([]);
});

test('/favicon.ico is the product’s icon, cacheable, and linked from every page; no page asks for a missing file', async ({
  page,
}) => {
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect(icon.headers()['cache-control']).toBe('public, max-age=86400');
  const body = await icon.body();
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);

  const faults = watchForFaults(page);
  for (const path of ['/', '/login', '/pricing']) {
    await page.goto(path);
    // These pages boot the app only on intent (issue 27): the icon is in their HTML.
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  }
  await page.waitForLoadState('networkidle');
  expect(faults.filter((f) => f.startsWith('404'))).toEqual([]);
});

test('the top bar offers Item Manager to a role that may open it, and not to an Account Manager', async ({ page }) => {
  await signInAs(page, 'storekeeper');
  await page.goto('/my-tasks');
  await expect(page.getByRole('link', { name: 'Item Manager' })).toBeVisible();

  await signInAs(page, 'accountmanager');
  await page.goto('/my-tasks');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Item Manager' })).toHaveCount(0);
});
