import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import {
  addUser,
  bearer,
  closeShared,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// The item list's exports as a person opens them (csv, xlsx: their words, their clock, names, one
// column per custom field) and as a machine reads them (raw-csv: the columns the import reads).
let ctx: TestContext;
let owner: Tenant;
let seller: Tenant;
let copy: Tenant;
let phone: { id: string; serial: string; receivedAt: string };
let gone: { id: string; serial: string };

const call = (who: Tenant, url: string) => ctx.app.inject({ url, headers: bearer(who.token) });
async function ok(who: Tenant, method: string, url: string, payload?: unknown) {
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(who.token),
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
/** A CSV answer as rows of named cells (the header names them). */
async function table(who: Tenant, url: string) {
  const res = await call(who, url);
  expect(res.statusCode).toBe(200);
  const rows: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
  const header = Object.keys(rows[0] ?? {});
  return { header, rows, row: (serial: string) => rows.find((r) => Object.values(r)[0] === serial)!, body: res.body };
}
const FIELDS = [
  { key: 'color', label: 'Colour', type: 'select', required: true, options: ['black', 'white'] },
  { key: 'storage_gb', label: 'Storage (GB)', type: 'number', required: false },
  { key: 'boxed', label: 'Boxed', type: 'boolean', required: false },
  { key: 'bought_on', label: 'Bought on', type: 'date', required: false },
];
/** The same catalogue by name in a company: what an import resolves a row's names against. */
async function catalogue(who: Tenant) {
  return {
    type: (await ok(who, 'POST', '/api/item-types', { name: 'Phone', warrantyMonths: 12, fields: FIELDS })).id,
    shop: (await ok(who, 'POST', '/api/locations', { name: 'Shop', kind: 'store' })).id,
    brand: (await ok(who, 'POST', '/api/brands', { name: 'Acme' })).id,
    vendor: (await ok(who, 'POST', '/api/customers', { name: 'Vera Vendor', isCustomer: false, isVendor: true })).id,
  };
}

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Export Co '), premium: true });
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  copy = await registerCompany(ctx.app, { name: unique('Copy Co '), premium: true });
  const c = await catalogue(owner);
  await catalogue(copy);
  const received = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: c.type,
    locationId: c.shop,
    brandId: c.brand,
    vendorId: c.vendor,
    serials: [unique('EX-A-'), unique('EX-B-')],
    model: 'X1',
    sku: 'SKU-1',
    cost: 100.5,
    salePrice: 150,
    fields: { color: 'black', storage_gb: 128, boxed: true, bought_on: '2026-03-01' },
  });
  [phone, gone] = received.items;
  const customer = (await ok(owner, 'POST', '/api/customers', { name: 'Carla Customer' })).id;
  await ok(owner, 'POST', '/api/sales', { lines: [{ itemId: gone.id, price: 150 }], customerId: customer });
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await closeShared();
});

describe("people's CSV (the default)", () => {
  test('a Turkish reader gets the screen’s Turkish column names and statuses, names instead of ids', async () => {
    const { header, row } = await table(owner, '/api/items?format=csv&lang=tr');
    expect(header.slice(0, 7)).toEqual(['Seri no', 'SKU', 'Ürün tipi', 'Marka', 'Model', 'Lokasyon', 'Durum']);
    expect(header).toEqual(expect.arrayContaining(['Maliyet', 'Satış fiyatı', 'Tedarikçi', 'Müşteri']));
    expect(row(phone.serial)).toMatchObject({
      'Ürün tipi': 'Phone',
      Marka: 'Acme',
      Lokasyon: 'Shop',
      Durum: 'Stokta',
      Maliyet: '100.5',
      Tedarikçi: 'Vera Vendor',
    });
    expect(row(gone.serial)).toMatchObject({ Durum: 'Satıldı', Müşteri: 'Carla Customer' });
    expect(header.join(',')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    const english = await table(owner, '/api/items?format=csv');
    expect(english.header[0]).toBe('Serial');
    expect(english.row(phone.serial)).toMatchObject({ Status: 'In stock', 'Item type': 'Phone' });
  });

  test('times are in the time zone asked for (Asia/Kolkata is UTC+05:30), UTC when none is', async () => {
    const utc = new Date(phone.receivedAt);
    const at = (offsetMinutes: number) =>
      new Date(utc.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    const kolkata = await table(owner, '/api/items?format=csv&timeZone=Asia%2FKolkata');
    expect(kolkata.row(phone.serial)!.Received).toBe(at(330));
    expect((await table(owner, '/api/items?format=csv')).row(phone.serial)!.Received).toBe(at(0));
  });

  test('each custom field is a column of its own, named by its label; yes/no in the reader’s words', async () => {
    const en = await table(owner, '/api/items?format=csv');
    expect(en.header).toEqual(expect.arrayContaining(['Colour', 'Storage (GB)', 'Boxed', 'Bought on']));
    expect(en.header.some((h) => h.toLowerCase().includes('fields'))).toBe(false);
    expect(en.row(phone.serial)).toMatchObject({
      Colour: 'black',
      'Storage (GB)': '128',
      Boxed: 'Yes',
      'Bought on': '2026-03-01',
    });
    expect((await table(owner, '/api/items?format=csv&lang=tr')).row(phone.serial)!.Boxed).toBe('Evet');
  });

  test('a Rapid Seller’s people’s CSV and sheet have no cost, and their columns follow the claims', async () => {
    const sellers = await table(seller, '/api/items?format=csv');
    expect(sellers.header).not.toContain('Cost');
    expect(sellers.body).not.toContain('100.5');
    expect(sellers.header).toContain('Sale price');
    const sheet = await workbook(seller, '/api/items?format=xlsx');
    expect(headerOf(sheet)).not.toContain('Cost');
    expect((await table(seller, '/api/items?format=raw-csv')).header).not.toContain('cost');
  });

  test('another company’s export has none of these items', async () => {
    const theirs = await table(copy, '/api/items?format=csv');
    expect(theirs.body).not.toContain(phone.serial);
  });

  test('bad input is a 400 saying what is wrong, never a file', async () => {
    const bad = async (query: string, message: RegExp) => {
      const res = await call(owner, `/api/items?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json().message).toMatch(message);
    };
    await bad('format=csv&timeZone=Mars%2FOlympus', /timeZone: "Mars\/Olympus" is not an IANA time zone/);
    await bad('format=pdf', /format/);
    await bad('format=csv&lang=de', /lang/);
    await bad('format=csv&columns=people', /columns/);
  });
});

async function workbook(who: Tenant, url: string) {
  const res = await call(who, url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="items-\d{4}-\d{2}-\d{2}\.xlsx"$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}
const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);
function rowOf(sheet: ExcelJS.Worksheet, serial: string): Record<string, unknown> {
  const header = headerOf(sheet) as string[];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values = (sheet.getRow(r).values as unknown[]).slice(1);
    if (values[0] === serial) return Object.fromEntries(header.map((h, i) => [h, values[i]]));
  }
  throw new Error(`${serial} is not in the sheet`);
}

describe('xlsx', () => {
  test('the same columns as the people’s CSV, with numbers as numbers and times as dates in the zone asked for', async () => {
    const sheet = await workbook(owner, '/api/items?format=xlsx&lang=tr&timeZone=Asia%2FKolkata');
    const csv = await table(owner, '/api/items?format=csv&lang=tr&timeZone=Asia%2FKolkata');
    expect(headerOf(sheet)).toEqual(csv.header);
    const row = rowOf(sheet, phone.serial);
    expect(row).toMatchObject({
      Durum: 'Stokta',
      Maliyet: 100.5,
      'Satış fiyatı': 150,
      'Storage (GB)': 128,
      Boxed: 'Evet',
    });
    // A sheet's date has no zone: it holds the wall-clock time of Kolkata.
    const received = row['Teslim alındı'] as Date;
    expect(received).toBeInstanceOf(Date);
    const kolkata = new Date(new Date(phone.receivedAt).getTime() + 330 * 60_000);
    expect(received.toISOString().slice(0, 16)).toBe(kolkata.toISOString().slice(0, 16));
    expect(row['Bought on']).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(sheet.rowCount).toBe(3);
  });
});

describe('raw CSV (for re-import and integrations)', () => {
  test('the import reads what the raw export writes: another company receives the same items', async () => {
    const raw = await call(owner, '/api/items?format=raw-csv&status=in_stock');
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-disposition']).toMatch(/filename="items-raw-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header] = parse(raw.body, { bom: true, to_line: 1 }) as string[][];
    expect(header!.slice(0, 3)).toEqual(['serial', 'itemType', 'location']);
    expect(header).toEqual(expect.arrayContaining(['id', 'status', 'receivedAt', 'fields.color']));
    const job = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/items?fileName=items-raw.csv',
      headers: { ...bearer(copy.token), 'content-type': 'text/csv' },
      payload: raw.body,
    });
    expect(job.statusCode).toBe(202);
    for (let i = 0; i < 200; i++) {
      const state = await ok(copy, 'GET', `/api/imports/${job.json().id}`);
      if (state.status === 'failed') throw new Error(JSON.stringify(state));
      if (state.status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const copied = await ok(copy, 'GET', `/api/items/by-serial/${encodeURIComponent(phone.serial)}`);
    const original = await ok(owner, 'GET', `/api/items/${phone.id}`);
    const kept = (i: Record<string, unknown>) => ({
      serial: i.serial,
      itemTypeName: i.itemTypeName,
      locationName: i.locationName,
      brandName: i.brandName,
      model: i.model,
      sku: i.sku,
      cost: i.cost,
      salePrice: i.salePrice,
      warrantyMonths: i.warrantyMonths,
      fields: i.fields,
      status: i.status,
    });
    expect(kept(copied)).toEqual(kept(original));
    expect(copied.vendorId).not.toBeNull();
  });
});
