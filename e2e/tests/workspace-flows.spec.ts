import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { expectDecoded } from '../support/images';
import { addPhoto, fillReception } from '../support/reception';
import { login, signInWithToken } from '../support/session';

// Issue 12, the named flows end to end, one test each, as the demo company's people do them on the
// production build (development mode seeds the demo company; password Demo1234!).

const PASSWORD = 'Demo1234!';
const stamp = Date.now().toString(36).toUpperCase();

async function signIn(page: Page, request: APIRequestContext, userName: string) {
  const { token, user } = await login(request, userName, PASSWORD);
  await signInWithToken(page, token, user);
  return token;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(path, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${res.ok() ? '' : await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

interface Item {
  id: string;
  serial: string;
  images: string[];
  locationName: string;
}
interface Named {
  id: string;
  name: string;
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { company_id: string };

/** A New Item Operator's token: receptions seeded through the API are theirs, as at the counter. */
const receiver = async (request: APIRequestContext) => (await login(request, 'newitem', PASSWORD)).token;

async function catalogue(request: APIRequestContext, token: string) {
  const types = (await api<{ items: Named[] }>(request, token, 'GET', '/api/item-types')).items;
  const locations = (await api<{ items: Named[] }>(request, token, 'GET', '/api/locations')).items;
  const named = (list: Named[], name: string) => list.find((entry) => entry.name === name)!.id;
  return {
    headphones: named(types, 'Headphones'),
    main: named(locations, 'Main Warehouse'),
    kiosk: named(locations, 'Airport Kiosk'),
  };
}

test('a New Item Operator receives 20 serials given as a range, with a photo, and prints their labels', async ({
  page,
  request,
}) => {
  const serial = (n: number) => `E2F-${stamp}-${String(n).padStart(2, '0')}`;
  const token = await signIn(page, request, 'newitem');
  await page.goto('/actions/inventory-reception');
  await fillReception(page, `${serial(1)}..${serial(20)}`);
  await expect(page.getByText('20 serials')).toBeVisible();
  await addPhoto(page, 'box-front.png', [20, 120, 200]);
  await page.getByRole('button', { name: 'Receive 20 items' }).click();

  // The demo company's Receive type prints labels on completion: the dialog names all 20.
  const dialog = page.getByRole('dialog', { name: '20 labels' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
  // The printed sheet holds one barcode per item received, each drawn.
  await page.emulateMedia({ media: 'print' });
  const sheet = page.locator('.stockwise-label-sheet');
  await expect(sheet.locator('.stockwise-label')).toHaveCount(20);
  for (let n = 1; n <= 20; n++) await expectDecoded(sheet.getByRole('img', { name: `Barcode of ${serial(n)}` }));
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Received 20 items at Main Warehouse.')).toBeVisible();

  // Stored as spec §3 says: in ItemImages, under the company's items folder, a random number + .png,
  // the same path on every item of the batch.
  const { items } = await api<{ items: Item[] }>(request, token, 'GET', `/api/items?search=E2F-${stamp}-&limit=50`);
  expect(items.map((item) => item.serial).sort()).toEqual(Array.from({ length: 20 }, (_, i) => serial(i + 1)));
  const path = items[0]!.images[0]!;
  expect(path).toMatch(new RegExp(`^${claimsOf(token).company_id}/items/\\d+\\.png$`));
  for (const item of items) expect(item.images).toEqual([path]);

  // The item's card shows it, read from the bucket by that path (the URL's segments after ItemImages).
  await page.goto(`/item-status/item-search?q=${serial(7)}`);
  const photo = page.getByRole('img', { name: `Photo 1 of ${serial(7)}` });
  await expectDecoded(photo);
  const src = await photo.getAttribute('src');
  expect(decodeURIComponent(new URL(src!, page.url()).pathname.split('/ItemImages/')[1]!)).toBe(path);
});

test('a New Item Operator receives a spreadsheet: a bad file lists its rows and writes nothing, a clean one is received', async ({
  page,
  request,
}) => {
  const serial = (n: number) => `E2C-${stamp}-${n}`;
  const token = await signIn(page, request, 'newitem');
  await page.goto('/actions/inventory-reception');
  const section = page.getByRole('region', { name: 'Receive from a CSV file' });
  const file = page.locator('input[type="file"][accept*="csv"]');
  // Excel's own label for a .csv file: the screen sends it as text/csv all the same.
  const csv = (name: string, lines: string[]) => ({
    name,
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from(['serial,itemType,location,salePrice', ...lines].join('\r\n')),
  });

  await file.setInputFiles(
    csv('bad.csv', [`${serial(1)},Headphones,Main Warehouse,99`, `${serial(2)},Headphnoes,Main Warehouse,99`]),
  );
  const problems = section.getByRole('table', { name: 'Rows to fix' });
  await expect(problems.getByRole('row').nth(1)).toContainText('3itemTypeno item type is named "Headphnoes"');
  const found = await api<{ items: unknown[] }>(request, token, 'GET', `/api/items?search=${serial(1)}`);
  expect(found.items, 'a refused file writes nothing').toHaveLength(0);

  await file.setInputFiles(
    csv(
      'spring.csv',
      [1, 2, 3].map((n) => `${serial(n)},Headphones,Main Warehouse,99`),
    ),
  );
  await expect(section.getByText('3 items have been received.')).toBeVisible();
  await expect(page).toHaveURL(/[?&]import=/);
  // The job outlives the page: a reload shows its outcome again.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Receive from a CSV file' }).getByText('spring.csv: 3 rows'),
  ).toBeVisible();
  const received = await api<{ items: { serial: string; status: string }[] }>(
    request,
    token,
    'GET',
    `/api/items?search=E2C-${stamp}`,
  );
  expect(received.items.map((item) => item.serial).sort()).toEqual([serial(1), serial(2), serial(3)]);
});

test('the item manager filters 1,000 items and exports exactly the rows it shows', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, request, 'storekeeper');
  const ids = await catalogue(request, token);
  const seeder = await receiver(request);
  const prefix = `E2M-${stamp}-`;
  const serials = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix}${String(from + i).padStart(4, '0')}`);
  // 1,000 items in two receptions, one call each: 600 at the warehouse, 400 at the kiosk.
  await api(request, seeder, 'POST', '/api/items/receive', {
    itemTypeId: ids.headphones,
    locationId: ids.main,
    serials: serials(1, 600),
  });
  await api(request, seeder, 'POST', '/api/items/receive', {
    itemTypeId: ids.headphones,
    locationId: ids.kiosk,
    serials: serials(601, 400),
  });

  await page.goto('/item-status/item-manager');
  const grid = page.getByRole('grid', { name: 'Item Manager' });
  await expect(grid).toBeVisible();
  await page
    .getByRole('searchbox')
    .or(page.getByRole('textbox', { name: /search/i }))
    .first()
    .fill(prefix);
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Airport Kiosk' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${prefix}`));
  await expect(page).toHaveURL(new RegExp(`location=${ids.kiosk}`));
  // Serial order, then the largest page a person can choose.
  await page.getByRole('columnheader', { name: 'Serial' }).click();
  await expect(page).toHaveURL(/sort=serial&order=asc/);
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '100' }).click();
  await expect(page).toHaveURL(/size=100/);

  const expected = await api<{ items: Item[] }>(
    request,
    token,
    'GET',
    `/api/items?search=${prefix}&locationId=${ids.kiosk}&sort=serial_asc&limit=100`,
  );
  expect(expected.items).toHaveLength(100);
  expect(expected.items[0]!.serial).toBe(`${prefix}0601`);
  await expect(grid.getByRole('link', { name: `Open the history of ${prefix}0601` })).toBeVisible();
  await expect(grid.getByRole('link', { name: `Open the history of ${prefix}0700` })).toBeAttached();
  await expect(grid.getByRole('link', { name: `Open the history of ${prefix}0600` })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export what is shown (CSV)' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...lines] = csv.slice(1).trim().split(/\r?\n/);
  expect(header).toMatch(/^"?Serial"?,/);
  const exported = lines.map((line) => line.split(',')[0]!.replace(/"/g, ''));
  expect(exported).toEqual(expected.items.map((item) => item.serial));
  for (const line of lines) expect(line).toContain('Airport Kiosk');
});

test('the Account Manager finds a customer by type-ahead and opens the lines of one of their purchases', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'accountmanager');
  // The demo data is random: take a customer who bought something, and that sale's lines, from the API.
  const sales = await api<{ items: { id: string; number: number; customerId: string | null; customerName: string }[] }>(
    request,
    token,
    'GET',
    '/api/sales?limit=50&sort=newest',
  );
  const sale = sales.items.find((one) => one.customerId)!;
  expect(sale, 'the demo company has a sale to a customer').toBeTruthy();
  const lines = await api<{ lines: { serial: string }[] }>(request, token, 'GET', `/api/sales/${sale.id}`);

  // From the menu, as the Account Manager gets there.
  await page.goto('/my-tasks');
  await page.getByRole('group', { name: 'Account Management' }).getByText('History', { exact: true }).click();
  await expect(page).toHaveURL(/\/customers\/history$/);
  await expect(page.getByText('Choose a customer above.')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await picker.pressSequentially(sale.customerName.slice(0, 4));
  await page.getByRole('option', { name: sale.customerName }).click();
  await expect(page).toHaveURL(new RegExp(`customer=${sale.customerId}`));

  // Their totals, and every item they bought with its warranty today.
  await expect(page.getByLabel(`Totals for ${sale.customerName}`)).toContainText('Items bought');
  const warranties = page.getByRole('region', { name: 'Items and warranties' });
  for (const line of lines.lines)
    await expect(warranties.getByRole('row', { name: new RegExp(line.serial) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Returns' })).toBeVisible();

  const purchases = page.getByRole('region', { name: 'Purchases' });
  // Exact names: sale #1 must not also find #16.
  await expect(purchases.getByRole('heading', { name: `Sale #${sale.number}`, exact: true })).toBeVisible();
  await purchases.getByRole('button', { name: `Show the items of sale #${sale.number}`, exact: true }).click();
  for (const line of lines.lines) await expect(purchases.getByText(new RegExp(`^${line.serial} · `))).toBeVisible();
  await expect(
    purchases.getByRole('button', { name: `Hide the items of sale #${sale.number}`, exact: true }),
  ).toHaveAttribute('aria-expanded', 'true');
});

test('a Storekeeper scans the destination, then the items, moves them, and the history shows who moved them where', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'storekeeper');
  const ids = await catalogue(request, token);
  const serial = (n: number) => `E2S-${stamp}-${n}`;
  await api(request, await receiver(request), 'POST', '/api/items/receive', {
    itemTypeId: ids.headphones,
    locationId: ids.main,
    serials: [serial(1), serial(2)],
  });

  await page.goto('/actions/change-location');
  const scan = page.getByLabel('Scan or type a serial');
  await expect(scan).toBeFocused();
  // A shelf label carries the location's name: scanned first, it is the destination.
  await page.keyboard.type('Airport Kiosk');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Destination: Airport Kiosk. Now scan the items.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Destination/ })).toHaveText('Airport Kiosk');
  await expect(scan).toBeFocused();
  for (const n of [1, 2]) {
    await page.keyboard.type(serial(n));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${serial(n)} added.`)).toBeVisible();
    await expect(scan).toBeFocused();
  }
  await expect(page.getByRole('list', { name: /Scanned items/ }).getByText('Accepted')).toHaveCount(2);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Moved 2 items to Airport Kiosk.')).toBeVisible();
  await expect(scan).toBeFocused();

  await page.goto('/item-status/item-search');
  await expect(page.getByLabel('Serial, SKU or model')).toBeFocused();
  await page.keyboard.type(serial(2));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: serial(2) })).toBeVisible();
  const newest = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first();
  await expect(newest).toContainText('by storekeeper');
  await expect(newest).toContainText('Main Warehouse → Airport Kiosk');
});
