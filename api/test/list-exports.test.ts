import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import {
  addUser,
  callsAs,
  closeShared,
  defaultCatalogue,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// The other lists that export — the warranty list, the tracking report (history of movements) and a
// customer's purchases — answer people's files as the item list does: the screen's words in the
// reader's language, times in their time zone, names instead of ids, keys as words, an .xlsx option;
// the raw machine file stays available as raw-csv.
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let ids: { itemType: string; shop: string; customer: string; vendor: string };
let sold: { serial: string; id: string };

const { call, ok } = callsAs(() => ctx.app);
async function table(who: Tenant, url: string) {
  const res = await call(who, 'GET', url);
  expect(res.statusCode).toBe(200);
  const rows: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
  return { header: res.body.slice(1).split('\r\n')[0]!.split(','), rows, body: res.body };
}

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('List Export Co ') });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  ids = {
    itemType: (await ok(owner, 'POST', '/api/item-types', { name: 'Phone', warrantyMonths: 12 })).id,
    shop: (await defaultCatalogue(ctx.app, owner)).location,
    customer: (await ok(owner, 'POST', '/api/customers', { name: 'Carla Claimant', phone: '+90 555 000 11 22' })).id,
    vendor: (await ok(owner, 'POST', '/api/customers', { name: 'Parts Ltd', isVendor: true, isCustomer: false })).id,
  };
  const serial = unique('LE-');
  const received = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    serials: [serial],
    vendorId: ids.vendor,
  });
  await ok(owner, 'POST', '/api/sales', { customerId: ids.customer, lines: [{ serial, price: 300 }] });
  sold = { serial, id: received.items[0].id };
  const claim = await ok(owner, 'POST', `/api/items/${sold.id}/warranty-claims`, { fault: 'Does not charge' });
  await ok(owner, 'POST', `/api/warranty-claims/${claim.id}/advance`, { to: 'sent' });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('the warranty list for people: Turkish words, local time, names, the claim’s state as a word; raw-csv keeps the keys', async () => {
  const { header, rows } = await table(owner, '/api/reports/warranty?claim=any&format=csv&lang=tr&timeZone=Asia/Tokyo');
  expect(header).toEqual([
    'Seri no',
    'Ürün tipi',
    'Marka',
    'Model',
    'Durum',
    'Müşteri',
    'E-posta',
    'Telefon',
    'Satıldı',
    'Garanti bitişi',
    'Kalan gün',
    'Garanti talebi',
    'Talep sonucu',
  ]);
  const row = rows.find((r) => r['Seri no'] === sold.serial)!;
  expect(row).toMatchObject({
    'Ürün tipi': 'Phone',
    Durum: 'İşlemde',
    Müşteri: 'Carla Claimant',
    // A cell starting with + is guarded against formulas (lib/csv.ts), as in every CSV.
    Telefon: "'+90 555 000 11 22",
    'Garanti talebi': 'Tedarikçiye gönderildi',
  });
  // Tokyo's wall clock, minutes only: "2026-11-26 17:33", not a UTC ISO time.
  const soldAt = (await ok(owner, 'GET', '/api/reports/warranty?claim=any')).items[0].soldAt as string;
  const tokyo = new Date(Date.parse(soldAt) + 9 * 3600_000).toISOString();
  expect(row['Satıldı']).toBe(`${tokyo.slice(0, 10)} ${tokyo.slice(11, 16)}`);
  expect(row['Garanti bitişi']).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const raw = await table(owner, '/api/reports/warranty?claim=any&format=raw-csv');
  expect(raw.header.slice(0, 2)).toEqual(['itemId', 'serial']);
  expect(raw.rows.find((r) => r.serial === sold.serial)).toMatchObject({ itemId: sold.id, claimState: 'sent' });
});

test('the warranty list as an Excel sheet: typed cells, and no customer columns for a caller without customers.view', async () => {
  const res = await call(keeper, 'GET', '/api/reports/warranty?claim=any&format=xlsx&lang=en');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/filename="warranty-\d{4}-\d{2}-\d{2}\.xlsx"/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('Warranty claim');
  expect(header).not.toContain('Customer');
  expect(header).not.toContain('Phone');
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(values[header.indexOf('Serial')]).toBe(sold.serial);
  expect(values[header.indexOf('Warranty claim')]).toBe('Sent to supplier');
  expect(values[header.indexOf('Sold')]).toBeInstanceOf(Date);
  expect(typeof values[header.indexOf('Days left')]).toBe('number');
});

test('the tracking report and a customer’s purchases for people, in their words', async () => {
  const tracking = await table(owner, '/api/reports/tracking?format=csv&lang=en');
  expect(tracking.header.slice(0, 4)).toEqual(['When', 'Serial', 'Item type', 'Transaction']);
  const sale = tracking.rows.find((r) => r.Serial === sold.serial && r['Status before'] === 'In stock')!;
  expect(sale).toMatchObject({ 'Status after': 'Sold', Customer: 'Carla Claimant' });
  expect(sale.When).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect((await table(owner, '/api/reports/tracking?format=raw-csv')).header.slice(0, 3)).toEqual([
    'id',
    'itemId',
    'serial',
  ]);

  const bought = await table(owner, `/api/customers/${ids.customer}/history?format=csv&lang=tr`);
  expect(bought.header).toContain('Garanti');
  expect(bought.rows[0]).toMatchObject({ 'Seri no': sold.serial, Fiyat: '300', Garanti: 'Sürüyor' });
});

test('the warranty list, the movements and a customer’s purchases show each custom field as its own column, as the item list does', async () => {
  // A company of its own: its item type's fields are the only custom fields its exports can show.
  const shop = await registerCompany(ctx.app, { name: unique('Field Columns Co ') });
  const fields = [
    { key: 'imei', label: 'IMEI', type: 'text', required: false },
    { key: 'boxed', label: 'Boxed', type: 'boolean', required: false },
    { key: 'bought_on', label: 'Bought on', type: 'date', required: false },
  ];
  const type = await ok(shop, 'POST', '/api/item-types', { name: 'Phone', warrantyMonths: 12, fields });
  const location = (await defaultCatalogue(ctx.app, shop)).location;
  const customer = (await ok(shop, 'POST', '/api/customers', { name: 'Fay Fields' })).id;
  const serial = unique('FC-');
  const received = await ok(shop, 'POST', '/api/items/receive', {
    itemTypeId: type.id,
    locationId: location,
    serials: [serial],
    fields: { imei: '356938035643809', boxed: true, bought_on: '2026-03-01' },
  });
  const itemId = received.items[0].id as string;
  await ok(shop, 'POST', '/api/sales', { customerId: customer, lines: [{ serial, price: 200 }] });
  const fieldsOf = (row: Record<string, string>, words: [string, string, string]) =>
    Object.fromEntries(words.map((w) => [w, row[w]]));

  const warranty = await table(shop, '/api/reports/warranty?within=400&format=csv&lang=tr');
  expect(warranty.header.slice(-3)).toEqual(['IMEI', 'Boxed', 'Bought on']);
  const row = warranty.rows.find((r) => r['Seri no'] === serial)!;
  // A yes/no field in the reader's words; a date field is a day (no time zone shifts it).
  expect(fieldsOf(row, ['IMEI', 'Boxed', 'Bought on'])).toEqual({
    IMEI: '356938035643809',
    Boxed: 'Evet',
    'Bought on': '2026-03-01',
  });
  const movements = await table(shop, '/api/reports/tracking?format=csv&timeZone=Pacific/Kiritimati');
  expect(movements.header.slice(-3)).toEqual(['IMEI', 'Boxed', 'Bought on']);
  const events = movements.rows.filter((r) => r.Serial === serial);
  expect(events).toHaveLength(2);
  for (const event of events)
    expect(fieldsOf(event, ['IMEI', 'Boxed', 'Bought on'])).toEqual({
      IMEI: '356938035643809',
      Boxed: 'Yes',
      'Bought on': '2026-03-01',
    });
  const bought = await table(shop, `/api/customers/${customer}/history?format=csv`);
  expect(bought.header.slice(-3)).toEqual(['IMEI', 'Boxed', 'Bought on']);
  expect(bought.rows[0]).toMatchObject({ Serial: serial, IMEI: '356938035643809', Boxed: 'Yes' });

  // In a sheet the date field is a date cell; the raw files keep the JSON's rows (no field columns).
  const res = await call(shop, 'GET', '/api/reports/warranty?within=400&format=xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const values = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(values[header.indexOf('IMEI')]).toBe('356938035643809');
  expect(values[header.indexOf('Bought on')]).toEqual(new Date('2026-03-01T00:00:00Z'));
  const raw = await table(shop, '/api/reports/warranty?within=400&format=raw-csv');
  expect(raw.header).not.toContain('IMEI');
  expect(raw.rows[0]).toMatchObject({ itemId, serial });
  // The other company's export has no column of this company's fields.
  expect((await table(owner, '/api/reports/warranty?claim=any&format=csv')).header).not.toContain('IMEI');
});

test('a made-up time zone or language is a 400, not a file', async () => {
  expect((await call(owner, 'GET', '/api/reports/warranty?format=csv&timeZone=Mars/Base')).statusCode).toBe(400);
  expect((await call(owner, 'GET', '/api/reports/tracking?format=xlsx&lang=xx')).statusCode).toBe(400);
});

test('the warehouse status and the inventory for people: their words, the totals; cost only for a holder of items.cost.view', async () => {
  await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    serials: [unique('LE-S-'), unique('LE-S-')],
    cost: 100,
    salePrice: 150,
  });
  const warehouse = await table(owner, '/api/reports/warehouse-status?format=csv&lang=tr');
  expect(warehouse.header).toEqual(['Sayım', 'Ad', 'Durum', 'Ürünler']);
  // The sold item is with the supplier under its warranty claim: in process.
  expect(warehouse.rows).toContainEqual({ Sayım: 'Ürün tipi', Ad: 'Phone', Durum: 'İşlemde', Ürünler: '1' });
  expect(warehouse.rows).toContainEqual({ Sayım: 'Lokasyon', Ad: 'Main store', Durum: 'Stokta', Ürünler: '2' });
  const raw = await table(owner, '/api/reports/warehouse-status?format=raw-csv');
  expect(raw.rows).toContainEqual({
    breakdown: 'itemType',
    id: ids.itemType,
    name: 'Phone',
    status: 'in_process',
    items: '1',
  });

  const byBrand = await table(owner, '/api/reports/inventory?groupBy=brand&format=csv&lang=en');
  expect(byBrand.header).toEqual(['Brand', 'Items', 'Cost value', 'Sale value']);
  expect(byBrand.rows).toEqual([
    // Two in stock and the one with the supplier (no cost given when it was received).
    { Brand: '(none set)', Items: '3', 'Cost value': '200', 'Sale value': '600' },
    { Brand: 'Total', Items: '3', 'Cost value': '200', 'Sale value': '600' },
  ]);
  const keepers = await table(keeper, '/api/reports/inventory?format=csv&lang=tr');
  expect(keepers.header).toEqual(['Ürün tipi', 'Ürünler', 'Satış değeri']);
  expect(keepers.body).not.toMatch(/200/);
  // The raw rows stay one per group, as the JSON has them (no totals row, no words).
  expect((await table(owner, '/api/reports/inventory?groupBy=brand&format=raw-csv')).rows).toEqual([
    { key: '', name: '', items: '3', costValue: '200', saleValue: '600' },
  ]);

  const sheet = await call(keeper, 'GET', '/api/reports/inventory?groupBy=location&format=xlsx&lang=en');
  expect(sheet.statusCode).toBe(200);
  expect(sheet.headers['content-disposition']).toMatch(/filename="inventory-by-location-\d{4}-\d{2}-\d{2}\.xlsx"/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
  const rows = book.worksheets[0]!.getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
  expect(rows).toEqual([
    ['Location', 'Items', 'Sale value'],
    ['Main store', 3, 600],
    ['Total', 3, 600],
  ]);
  expect((await call(owner, 'GET', '/api/reports/warehouse-status?format=xlsx&timeZone=Mars/Base')).statusCode).toBe(
    400,
  );
});
