import { expect, test, type Page } from '../support/test';
import { ownCompany, signInWithToken } from '../support/session';
import { addUserWithRoles } from '../support/users';

// A stock-take as a shop runs one: two people count the shop on their phones at once, each sees
// the other's scans add up, one finds an item that belongs to the back room, the count is closed,
// its variance read (one missing, one unexpected) and applied, and the missing item's history
// says a stock-take marked it lost.

const PREMIUM_PLAN_ID = '00000000-0000-4000-8000-000000000002';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function scan(phone: Page, serial: string) {
  const field = phone.getByLabel('Scan or type a serial');
  await field.fill(serial);
  await field.press('Enter');
}

test('count a location with two phones and apply the variance', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { token, user, headers, made } = await ownCompany(page.request);
  // A second location is Premium's: paid on the embedded checkout with Stripe's test card.
  const checkout = await page.request.post('/api/billing/checkout', {
    headers,
    data: { kind: 'plan', planId: PREMIUM_PLAN_ID, interval: 'month', idempotencyKey: `stocktake-${Date.now()}` },
  });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const paid = await page.request.post(`/api/billing/checkout/${checkoutId}/pay`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Olga Owner' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  const itemType = await made('/api/item-types', { name: 'Phone' });
  const [shop] = (await (await page.request.get('/api/locations', { headers })).json()).items as { id: string }[];
  const back = await made('/api/locations', { name: 'Back room' });
  const id = Date.now().toString(36).toUpperCase();
  const onShelf = [`STK-${id}-1`, `STK-${id}-2`, `STK-${id}-3`];
  const misplaced = `STK-${id}-B`;
  const received = await made<{ id: string; items: Array<{ id: string; serial: string }> }>('/api/items/receive', {
    itemTypeId: itemType.id,
    locationId: shop!.id,
    serials: onShelf,
  });
  await made('/api/items/receive', { itemTypeId: itemType.id, locationId: back.id, serials: [misplaced] });
  const missing = received.items!.find((i) => i.serial === onShelf[2])!;
  const keeper = await addUserWithRoles(page.request, token, ['Storekeeper']);

  const first = await browser.newContext(PHONE);
  const second = await browser.newContext(PHONE);
  const phoneA = await first.newPage();
  const phoneB = await second.newPage();
  await signInWithToken(phoneA, token, user);
  await signInWithToken(phoneB, keeper.token, keeper.user);

  // The owner opens a count of the shop from the Stock-takes list.
  await phoneA.goto('/actions/stocktakes');
  await expect(phoneA.getByRole('heading', { level: 1, name: 'Stock-takes' })).toBeVisible({ timeout: 60_000 });
  await phoneA.getByRole('combobox', { name: 'Location to count' }).click();
  await phoneA.getByRole('option', { name: 'Main store' }).click();
  await phoneA.getByRole('button', { name: 'Start a count' }).click();
  await expect(phoneA).toHaveURL(/\/actions\/stocktake\?id=/);
  await expect(phoneA.getByRole('heading', { level: 1, name: 'Count of Main store' })).toBeVisible();

  // The storekeeper finds it in the list on the second phone and joins.
  await phoneB.goto('/actions/stocktakes');
  await phoneB.getByTestId('stocktake-row').filter({ hasText: 'Main store' }).first().click();
  await expect(phoneB.getByRole('heading', { level: 1, name: 'Count of Main store' })).toBeVisible({
    timeout: 60_000,
  });

  await scan(phoneA, onShelf[0]!);
  await expect(phoneA.getByTestId('stocktake-message')).toHaveText(`${onShelf[0]}: counted.`);
  // Live: the other phone's total grows without a reload.
  await expect(phoneB.getByTestId('stocktake-scanned')).toHaveText('1');
  await scan(phoneB, onShelf[1]!);
  await expect(phoneB.getByTestId('stocktake-message')).toHaveText(`${onShelf[1]}: counted.`);
  await scan(phoneB, misplaced);
  await expect(phoneB.getByTestId('stocktake-message')).toHaveText(
    `${misplaced} belongs to Back room: counted as misplaced.`,
  );
  // The same serial again, on the other phone: counted once.
  await scan(phoneA, onShelf[1]!);
  await expect(phoneA.getByTestId('stocktake-message')).toHaveText(`${onShelf[1]} was already counted.`);
  await expect(phoneA.getByTestId('stocktake-scanned')).toHaveText('3');
  await expect(phoneB.getByTestId('stocktake-scanned')).toHaveText('3');

  // Closed: the third shelf item was never scanned.
  await phoneA.getByRole('button', { name: 'Close the count' }).click();
  await phoneA.getByRole('dialog').getByRole('button', { name: 'Close the count' }).click();
  await expect(phoneA.getByTestId('variance-found')).toContainText('2');
  await expect(phoneA.getByTestId('variance-missing')).toContainText('1');
  await expect(phoneA.getByTestId('variance-unexpected')).toContainText('1');
  await expect(phoneA.getByTestId('variance-lines')).toContainText(onShelf[2]!);
  await phoneA.getByRole('tab', { name: 'In another location' }).click();
  await expect(phoneA.getByTestId('variance-lines')).toContainText(misplaced);
  await expect(phoneA.getByTestId('variance-lines')).toContainText('Recorded at Back room');
  // The other phone sees it closed: no more scanning there.
  await expect(phoneB.getByTestId('variance-missing')).toContainText('1');
  await expect(phoneB.getByLabel('Scan or type a serial')).toHaveCount(0);

  await phoneA.getByRole('button', { name: 'Apply the variance' }).click();
  await phoneA.getByRole('dialog').getByRole('button', { name: 'Apply the variance' }).click();
  await expect(phoneA.getByText('Applied: 1 marked lost, 1 moved, 0 left as they were.')).toBeVisible();
  await expect(phoneA.getByTestId('stocktake-state')).toHaveText('Applied');

  // The missing item's history names the stock-take and the status it gave.
  await phoneA.goto(`/item-status/item-search?id=${missing.id}`);
  const timeline = phoneA.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Stock-take', { timeout: 60_000 });
  await expect(timeline.getByRole('listitem').first()).toContainText('Lost');
});

test('a phone out of the network keeps counting: its scans wait on the device and count once when it returns', async ({
  page,
  context,
}) => {
  const { token, user, headers, made } = await ownCompany(page.request);
  const itemType = await made('/api/item-types', { name: 'Phone' });
  const [shop] = (await (await page.request.get('/api/locations', { headers })).json()).items as { id: string }[];
  const id = Date.now().toString(36).toUpperCase();
  const serials = [`OFC-${id}-1`, `OFC-${id}-2`];
  await made('/api/items/receive', { itemTypeId: itemType.id, locationId: shop!.id, serials });
  const count = await made('/api/stocktakes', { locationId: shop!.id });

  await signInWithToken(page, token, user);
  await page.goto(`/actions/stocktake?id=${count.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Count of Main store' })).toBeVisible({ timeout: 60_000 });
  const status = page.getByTestId('till-status');
  await expect(status).toHaveText('Online');

  // The back room has no Wi-Fi: each scan is taken at once and kept on the phone.
  await context.setOffline(true);
  await expect(status).toContainText('Offline — scans are kept on this device');
  for (const serial of serials) {
    await scan(page, serial);
    await expect(page.getByTestId('stocktake-message')).toHaveText(
      `${serial} is saved on this device and will be counted when the network returns.`,
    );
  }
  await expect(page.getByTestId('stocktake-kept')).toHaveText('+2 kept on this device');
  await expect(page.getByTestId('stocktake-scanned')).toHaveText('0');

  await context.setOffline(false);
  const lines = page.getByTestId('till-queue').getByTestId('till-line');
  for (const serial of serials)
    await expect(lines.filter({ hasText: serial })).toContainText(`Synced — ${serial}: counted.`);
  await expect(page.getByTestId('stocktake-scanned')).toHaveText('2');
  await expect(page.getByTestId('stocktake-kept')).toHaveCount(0);
  await expect(status).toHaveText('Online');
  // The server counted each scan once.
  const counted = await page.request.get(`/api/stocktakes/${count.id}`, { headers });
  expect(((await counted.json()) as { scanned: number }).scanned).toBe(2);
});
