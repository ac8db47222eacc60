import { readMigrations } from '../src/db/migrations.js';
import { sendDigests } from '../src/modules/alerts/index.js';
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

// A shop's catalogue of models, reception from a model, and the reorder alert: a model that falls
// below its minimum shows on the report and in the alerts, and is mailed once in the day's digest.
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let seller: Tenant;
let other: Tenant;
let ids: { shop: string; itemType: string; brand: string; otherType: string };

const { call, ok } = callsAs(() => ctx.app);
const outbox = (to: string) =>
  ctx.db.query<{ subject: string; text: string }>(
    `SELECT subject, body AS text FROM mail_outbox
      WHERE lower(to_address) = lower($1) AND subject LIKE '%stock alert%' ORDER BY created_at`,
    [to],
  );
const digest = (day: string) =>
  sendDigests({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log, publicUrl: 'http://localhost:8080' }, day);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Model Co '), premium: true });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  other = await registerCompany(ctx.app, unique('Other Co '));
  const catalogue = await defaultCatalogue(ctx.app, owner);
  ids = {
    shop: catalogue.location,
    itemType: catalogue.itemType,
    brand: (await ok(owner, 'POST', '/api/brands', { name: 'Acme' })).id,
    otherType: (await ok(owner, 'POST', '/api/item-types', { name: 'Tablet' })).id,
  };
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('a model is created, found by search and barcode, paged, edited and archived; its cost is for cost viewers only', async () => {
  const x1 = await ok(owner, 'POST', '/api/product-models', {
    name: 'X1 Pro',
    itemTypeId: ids.itemType,
    brandId: ids.brand,
    salePrice: 499,
    cost: 350,
    warrantyMonths: 24,
    barcode: '8690000000011',
  });
  expect(x1).toMatchObject({ name: 'X1 Pro', brandName: 'Acme', salePrice: 499, cost: 350, archived: false });
  for (const name of ['X2', 'X3']) await ok(owner, 'POST', '/api/product-models', { name, itemTypeId: ids.itemType });

  // The same barcode twice, the same name for the same type and brand: 409 naming the field.
  const twice = await call(owner, 'POST', '/api/product-models', {
    name: 'Other',
    itemTypeId: ids.itemType,
    barcode: '8690000000011',
  });
  expect(twice.statusCode).toBe(409);
  expect(twice.json().field).toBe('barcode');
  expect(
    (await call(owner, 'POST', '/api/product-models', { name: 'x1 pro', itemTypeId: ids.itemType, brandId: ids.brand }))
      .statusCode,
  ).toBe(409);
  expect((await call(owner, 'POST', '/api/product-models', { name: 'Y', itemTypeId: ids.brand })).statusCode).toBe(400);

  const found = await ok(owner, 'GET', '/api/product-models?search=869000');
  expect(found.items.map((m: { name: string }) => m.name)).toEqual(['X1 Pro']);
  const first = await ok(owner, 'GET', '/api/product-models?limit=2');
  expect(first.items.map((m: { name: string }) => m.name)).toEqual(['X1 Pro', 'X2']);
  const second = await ok(owner, 'GET', `/api/product-models?limit=2&cursor=${first.nextCursor}`);
  expect(second.items.map((m: { name: string }) => m.name)).toEqual(['X3']);
  expect(second.nextCursor).toBeNull();

  // A storekeeper reads the catalogue without costs and cannot change it.
  const seen = await ok(keeper, 'GET', `/api/product-models/${x1.id}`);
  expect(seen).not.toHaveProperty('cost');
  expect(seen.salePrice).toBe(499);
  expect((await call(keeper, 'PUT', `/api/product-models/${x1.id}`, { salePrice: 1 })).statusCode).toBe(403);
  // Another company does not see it.
  expect((await call(other, 'GET', `/api/product-models/${x1.id}`)).statusCode).toBe(404);

  const edited = await ok(owner, 'PUT', `/api/product-models/${x1.id}`, { salePrice: 479 });
  expect(edited).toMatchObject({ salePrice: 479, cost: 350, warrantyMonths: 24 });
  const x3 = second.items[0].id;
  expect(await ok(owner, 'PUT', `/api/product-models/${x3}`, { archived: true })).toMatchObject({ archived: true });
  expect((await ok(owner, 'GET', '/api/product-models')).items.map((m: { name: string }) => m.name)).not.toContain(
    'X3',
  );
  expect((await ok(owner, 'GET', '/api/product-models?archived=true')).items.map((m: { id: string }) => m.id)).toEqual([
    x3,
  ]);
  // An archived model is not received.
  const refused = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    modelId: x3,
    serials: [unique('AR-')],
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toMatch(/archived/);
});

test('reception from a model fills its brand, name, price, cost and warranty; another type’s model is refused', async () => {
  const model = await ok(owner, 'POST', '/api/product-models', {
    name: 'Z5',
    itemTypeId: ids.itemType,
    brandId: ids.brand,
    salePrice: 200,
    cost: 120,
    warrantyMonths: 12,
  });
  const { items } = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    modelId: model.id,
    serials: [unique('Z5-')],
  });
  expect(items[0]).toMatchObject({
    modelId: model.id,
    model: 'Z5',
    brandName: 'Acme',
    salePrice: 200,
    cost: 120,
    warrantyMonths: 12,
  });
  // What the receiver types wins over the model's default.
  const typed = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    modelId: model.id,
    salePrice: 180,
    serials: [unique('Z5-')],
  });
  expect(typed.items[0]).toMatchObject({ salePrice: 180, cost: 120 });
  const wrong = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.otherType,
    locationId: ids.shop,
    modelId: model.id,
    serials: [unique('Z5-')],
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().message).toBe('modelId: Z5 is not a model of Tablet');
});

test('a model that falls below its reorder point is on the report and in the alerts, and mailed once that day to who holds stock.reorder', async () => {
  const model = await ok(owner, 'POST', '/api/product-models', {
    name: 'Case S',
    itemTypeId: ids.itemType,
    salePrice: 10,
    reorderPoints: [{ minQuantity: 3 }],
  });
  const bad = await call(owner, 'PUT', `/api/product-models/${model.id}`, {
    reorderPoints: [{ minQuantity: 1 }, { locationId: null, minQuantity: 2 }],
  });
  expect(bad.statusCode).toBe(400);
  const { items } = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    modelId: model.id,
    serials: [unique('CS-'), unique('CS-'), unique('CS-')],
  });
  const report = async (who: Tenant) =>
    (await ok(who, 'GET', '/api/reports/to-reorder')).items.filter((r: { modelId: string }) => r.modelId === model.id);
  expect(await report(owner)).toEqual([]);
  // Nothing below: no mail to this company (other tests' companies share the database and may be
  // mailed), and the day is not used up.
  await digest('2030-01-01');
  expect(await outbox(owner.email)).toEqual([]);
  expect(await outbox(keeper.email)).toEqual([]);

  await ok(owner, 'POST', '/api/sales', { lines: [{ itemId: items[0].id, price: 10 }] });
  expect(await report(keeper)).toEqual([
    expect.objectContaining({ modelName: 'Case S', locationId: null, minQuantity: 3, inStock: 2, shortfall: 1 }),
  ]);
  const alerts = await ok(keeper, 'GET', '/api/alerts');
  expect(alerts.items).toEqual([expect.objectContaining({ kind: 'reorder', count: 1, path: '/reporting/to-reorder' })]);
  expect(alerts.items[0].lines[0].text).toBe('Case S (General) — 2 in stock, reorder point 3: 1 short');
  // A seller holds neither stock.reorder nor reports.view.
  expect((await call(seller, 'GET', '/api/alerts')).statusCode).toBe(403);
  expect((await call(seller, 'GET', '/api/reports/to-reorder')).statusCode).toBe(403);
  // The report exports for people through the list exports.
  const csv = await call(owner, 'GET', '/api/reports/to-reorder?format=csv');
  expect(csv.statusCode).toBe(200);
  expect(csv.body.split('\n')[0]).toContain('Reorder point');
  expect(csv.body).toContain('Case S');
  const tr = await call(owner, 'GET', '/api/reports/to-reorder?format=csv&lang=tr');
  expect(tr.body.split('\n')[0]).toContain('Yeniden sipariş seviyesi');

  // The day's digest: one mail each to the owner and the storekeeper, none to the seller; a second run that day sends nothing.
  await digest('2030-01-02');
  const [mail] = await outbox(keeper.email);
  expect(mail!.subject).toMatch(/: \d+ stock alerts? for 2030-01-02$/);
  expect(mail!.text).toContain('Case S (General) — 2 in stock, reorder point 3: 1 short');
  expect(mail!.text).toContain('http://localhost:8080/reporting/to-reorder');
  expect(await outbox(owner.email)).toHaveLength(1);
  expect(await outbox(seller.email)).toEqual([]);
  await digest('2030-01-02');
  expect(await outbox(keeper.email)).toHaveLength(1);
  expect(await outbox(owner.email)).toHaveLength(1);
});

test('a reorder point at one location counts that location’s stock only', async () => {
  const back = (await ok(owner, 'POST', '/api/locations', { name: unique('Back ') })).id;
  const model = await ok(owner, 'POST', '/api/product-models', {
    name: 'Cable C',
    itemTypeId: ids.itemType,
    reorderPoints: [{ locationId: ids.shop, minQuantity: 2 }],
  });
  await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: back,
    modelId: model.id,
    serials: [unique('CC-'), unique('CC-'), unique('CC-')],
  });
  const rows = (await ok(owner, 'GET', `/api/reports/to-reorder?locationId=${ids.shop}`)).items.filter(
    (r: { modelId: string }) => r.modelId === model.id,
  );
  expect(rows).toEqual([expect.objectContaining({ locationId: ids.shop, inStock: 0, shortfall: 2 })]);
});

test('0033: existing items’ free-text models become model rows per item type and brand; items keep their text', async () => {
  const { openDatabase } = await import('../src/db/database.js');
  const { migrate } = await import('../src/db/migrations.js');
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    const all = readMigrations();
    const before = all.findIndex((m) => m.version === 33);
    await migrate(db, all.slice(0, before));
    const company = '88888888-8888-4888-8888-888888888888';
    const type = '99999999-9999-4999-8999-999999999999';
    const location = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const brand = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    await db.exec(`
      INSERT INTO companies (id, company_name) VALUES ('${company}', 'Old Models Co');
      INSERT INTO item_types (company_id, id, name, warranty_months) VALUES ('${company}', '${type}', 'Phone', 6);
      INSERT INTO brands (company_id, id, name) VALUES ('${company}', '${brand}', 'Acme');
      INSERT INTO locations (company_id, id, name, kind) VALUES ('${company}', '${location}', 'L', 'store');
      INSERT INTO items (company_id, serial, item_type_id, location_id, status, brand_id, model, received_at) VALUES
        ('${company}', 'M-1', '${type}', '${location}', 'in_stock', '${brand}', 'X1', '2026-01-01'),
        ('${company}', 'M-2', '${type}', '${location}', 'in_stock', '${brand}', ' x1 ', '2026-02-01'),
        ('${company}', 'M-3', '${type}', '${location}', 'in_stock', NULL, 'X1', '2026-01-01'),
        ('${company}', 'M-4', '${type}', '${location}', 'in_stock', '${brand}', NULL, '2026-01-01'),
        ('${company}', 'M-5', '${type}', '${location}', 'in_stock', '${brand}', '  ', '2026-01-01');`);
    await migrate(db, all);
    const models = await db.query<{ name: string; brand: string | null; warranty: number }>(
      `SELECT name, brand_id AS brand, warranty_months AS warranty FROM product_models WHERE company_id = $1 ORDER BY brand_id NULLS LAST`,
      [company],
    );
    expect(models).toEqual([
      { name: 'X1', brand, warranty: 6 },
      { name: 'X1', brand: null, warranty: 6 },
    ]);
    const items = await db.query<{ serial: string; model: string | null; matched: boolean }>(
      `SELECT serial, model, model_id IS NOT NULL AS matched FROM items WHERE company_id = $1 ORDER BY serial`,
      [company],
    );
    expect(items).toEqual([
      { serial: 'M-1', model: 'X1', matched: true },
      { serial: 'M-2', model: ' x1 ', matched: true },
      { serial: 'M-3', model: 'X1', matched: true },
      { serial: 'M-4', model: null, matched: false },
      { serial: 'M-5', model: '  ', matched: false },
    ]);
  } finally {
    await db.close();
  }
}, 60_000);
