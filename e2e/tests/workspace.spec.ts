import { expect, test, type Page } from '../support/test';
import { login, signInWithToken } from '../support/session';
import { openInApp, settled, watchRequests, type RequestWatch } from '../support/settled';
import { seriousA11yFindings } from '../support/axe';

// Issue 12: the workspace's counter screens in Chromium against the production build, as the demo
// company's people use them (development mode seeds them; password Demo1234!).

const PASSWORD = 'Demo1234!';
const stamp = Date.now().toString(36).toUpperCase();
const serial = (n: number) => `E2E-${stamp}-${String(n).padStart(3, '0')}`;

async function signIn(page: Page, request: Parameters<typeof login>[0], userName: string) {
  const { token, user } = await login(request, userName, PASSWORD);
  await signInWithToken(page, token, user);
}

test.describe.serial('workspace: receive, sell, history', () => {
  test('a New Item Operator receives 20 serials written as a range', async ({ page, request }) => {
    await signIn(page, request, 'newitem');
    await page.goto('/actions/inventory-reception');
    await page.getByRole('combobox', { name: /^Item type/ }).click();
    await page.getByRole('option', { name: 'Headphones' }).click();
    await page.getByRole('combobox', { name: /^Location/ }).click();
    await page.getByRole('option', { name: 'Main Warehouse' }).click();
    await page.getByLabel('Sale price').fill('79.90');
    const serials = page.getByRole('textbox', { name: 'Serials' });
    await serials.fill(`${serial(1)}..${serial(19)}\n${serial(1)}`);
    await expect(page.getByText(`Given more than once: ${serial(1)}`)).toBeVisible();
    await serials.fill(`${serial(1)}..${serial(19)}\n${serial(20)}`);
    await expect(page.getByText('20 serials')).toBeVisible();
    await page.getByRole('button', { name: 'Receive 20 items' }).click();
    await expect(page.getByText('Received 20 items at Main Warehouse.')).toBeVisible();
  });

  test('a Rapid Seller sells three items by scanner keystrokes only and is told at the scan that a sold one cannot be sold', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'rapidseller');
    await page.goto('/actions/rapid-sell');
    const scan = page.getByLabel('Scan or type a serial');
    await expect(scan).toBeFocused();
    for (const n of [1, 2, 3]) {
      // A keyboard-wedge scanner: the characters, then Enter. Enter again sells.
      await page.keyboard.type(serial(n));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: serial(n) })).toBeVisible();
      await expect(scan).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText(new RegExp(`^Sold ${serial(n)} for \\$79\\.90 — sale #\\d+\\.$`))).toBeVisible();
      await expect(scan).toBeFocused();
    }
    await page.keyboard.type(serial(2));
    await page.keyboard.press('Enter');
    // Said at the scan, before Enter: no sale is offered, and Enter sells nothing.
    await expect(page.getByRole('alert')).toHaveText('This item has already been sold.');
    await expect(page.getByRole('button', { name: 'Sell (Enter)' })).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('This item has already been sold.');
    await expect(page.getByText(new RegExp(`^Sold ${serial(2)} for`))).toHaveCount(0);
    await expect(scan).toBeFocused();
  });

  test('the item history shows the sale', async ({ page, request }) => {
    await signIn(page, request, 'storekeeper');
    await page.goto('/item-status/item-search');
    await expect(page.getByLabel('Serial, SKU or model')).toBeFocused();
    await page.keyboard.type(serial(1));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: serial(1) })).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const newest = timeline.getByRole('listitem').first();
    await expect(newest).toContainText('Sold');
    await expect(newest).toContainText('by rapidseller');
    await expect(newest).toContainText('In stock → Sold');
    await expect(timeline.getByRole('listitem').last()).toContainText('Received');
  });
});

async function expectNoSeriousA11yViolations(page: Page, label: string, requests: RequestWatch) {
  await settled(page, requests);
  expect(await seriousA11yFindings(page, label)).toEqual([]);
}

const SCREENS = [
  '/actions/rapid-sell',
  '/actions/inventory-reception',
  '/actions/multi-sale',
  '/actions/change-location',
  '/actions/item-process',
  '/item-status/status-change',
  '/item-status/item-manager',
  `/item-status/item-search?q=${serial(1)}`,
  `/reporting/edit-item?serial=${serial(4)}`,
  '/customers/list',
  '/customers/history',
  '/my-tasks',
];

test('axe-core finds no serious or critical violation on the workspace screens, light and dark, and they fit 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token, user } = await login(request, 'owner', PASSWORD);
  await signInWithToken(page, token, user);
  // A customer who bought something: their history draws its totals, items, warranties and returns.
  const sales = (await (
    await request.get('/api/sales?limit=50&sort=newest', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { items: { customerId: string | null }[] };
  const buyer = sales.items.find((sale) => sale.customerId)?.customerId;
  expect(buyer, 'the demo company has a sale to a customer').toBeTruthy();
  const customerHistory = `/customers/history?customer=${buyer}`;
  // The app is loaded once; the other screens are opened inside it, as the menu's links do (a full
  // load per screen was most of this test's time: docs/benchmarks.md, "CI time").
  const requests = watchRequests(page);
  const open = (path: string) => openInApp(page, requests, path);
  for (const [i, path] of [...SCREENS, customerHistory].entries()) {
    if (i > 0) await open(path);
    else {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, path, requests);
  }
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  for (const path of [
    '/actions/rapid-sell',
    '/item-status/item-manager',
    `/item-status/item-search?q=${serial(1)}`,
    customerHistory,
  ]) {
    await open(path);
    await expectNoSeriousA11yViolations(page, `${path} (dark)`, requests);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    '/actions/rapid-sell',
    '/actions/inventory-reception',
    '/actions/multi-sale',
    '/actions/change-location',
    customerHistory,
  ]) {
    await open(path);
    // Nothing wider than the phone: no sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
