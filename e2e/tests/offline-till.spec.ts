import { expect, test, type APIRequestContext } from '../support/test';
import { login, signInWithToken } from '../support/session';

// The till that loses the network (issue "Shop-ready", point 4): Rapid Sell keeps taking scans
// offline, lists them as waiting on the device, and sells each exactly once when the network
// returns; an item sold elsewhere meanwhile shows the conflict on its own line.
// The demo company (development mode seeds it; password Demo1234!) receives the items first.

// Offline as a till is: with the worker the first visit installs (the other files run without it:
// playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'Demo1234!';
const stamp = Date.now().toString(36).toUpperCase();
const [first, second, soldElsewhere] = ['A', 'B', 'C'].map((s) => `OFF-${stamp}-${s}`);

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function receive(request: APIRequestContext, token: string, serials: string[]) {
  const ids = async (url: string) =>
    ((await (await request.get(url, { headers: auth(token) })).json()) as { items: Array<{ id: string }> }).items;
  const [itemType] = await ids('/api/item-types');
  const [location] = await ids('/api/locations');
  const res = await request.post('/api/items/receive', {
    headers: auth(token),
    data: { itemTypeId: itemType!.id, locationId: location!.id, serials, salePrice: 25 },
  });
  expect(res.status()).toBe(201);
}

/** The item's sell events: one for a sale made once. */
async function sales(request: APIRequestContext, token: string, serial: string) {
  const item = await (await request.get(`/api/items/by-serial/${serial}`, { headers: auth(token) })).json();
  const history = await (await request.get(`/api/items/${item.id}/history`, { headers: auth(token) })).json();
  return {
    status: item.status as string,
    sold: (history.events as Array<{ kind: string }>).filter((e) => e.kind === 'sell').length,
  };
}

test('offline scans wait on the device and are sold once each when the network returns; a conflict shows on its line', async ({
  page,
  context,
  request,
}) => {
  const { token, user } = await login(request, 'owner', PASSWORD);
  await receive(request, token, [first!, second!, soldElsewhere!]);
  await signInWithToken(page, token, user);
  await page.goto('/actions/rapid-sell');
  const scan = page.getByLabel('Scan or type a serial');
  await expect(scan).toBeFocused();
  const status = page.getByTestId('till-status');
  await expect(status).toHaveText('Online');

  await context.setOffline(true);
  await expect(status).toContainText('Offline');
  const queue = page.getByTestId('till-queue');
  const line = (serial: string) => queue.getByTestId('till-line').filter({ hasText: serial });
  for (const serial of [first!, second!, soldElsewhere!]) {
    await scan.fill(serial);
    await scan.press('Enter');
    // Taken at once: the line waits on the device, the scan field is ready for the next.
    await expect(line(serial)).toContainText('Waiting to sync');
    await expect(scan).toBeFocused();
  }
  await expect(status).toContainText('Offline');

  // Meanwhile another till sells the third item.
  const elsewhere = await request.post('/api/sales', {
    headers: auth(token),
    data: { lines: [{ serial: soldElsewhere, price: 25 }] },
  });
  expect(elsewhere.status()).toBe(201);

  await context.setOffline(false);
  await expect(line(first!)).toContainText(/Synced — sale #\d+/);
  await expect(line(second!)).toContainText(/Synced — sale #\d+/);
  await expect(line(soldElsewhere!)).toContainText('Sold elsewhere while offline — check the item.');
  await expect(status).toHaveText('Online');

  expect(await sales(request, token, first!)).toEqual({ status: 'sold', sold: 1 });
  expect(await sales(request, token, second!)).toEqual({ status: 'sold', sold: 1 });
  expect(await sales(request, token, soldElsewhere!)).toEqual({ status: 'sold', sold: 1 });

  // A reload does not send anything again: the queue keeps only the conflict, until dismissed.
  await page.reload();
  await expect(line(soldElsewhere!)).toContainText('Sold elsewhere while offline');
  await expect(queue.getByTestId('till-line')).toHaveCount(1);
  await queue.getByRole('button', { name: `Dismiss ${soldElsewhere}` }).click();
  await expect(queue).toBeHidden();
  expect(await sales(request, token, first!)).toEqual({ status: 'sold', sold: 1 });
});
