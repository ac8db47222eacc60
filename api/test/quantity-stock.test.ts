import { APP_ROLE } from '../src/db/migrations.js';
import { inTenant } from '../src/db/tenant.js';
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

// A phone shop stocks USB-C cables by quantity, not by serial: it receives 200 at the shop, sells a
// few (one till at a time when only a few are left), moves some to the back room, counts the shelf,
// and takes a returned line back. Every change is on the model's append-only ledger.
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let seller: Tenant;
let operator: Tenant;
let other: Tenant;
let ids: { shop: string; back: string; itemType: string };

const { call, ok } = callsAs(() => ctx.app);
/** A model tracked by quantity, with a default price and a barcode. */
async function cable(name = unique('USB-C cable ')) {
  const model = await ok(owner, 'POST', '/api/product-models', {
    name,
    itemTypeId: ids.itemType,
    salePrice: 9.5,
    barcode: unique('869'),
  });
  return ok(owner, 'PUT', `/api/product-models/${model.id}`, { trackedByQuantity: true });
}
const stock = (modelId: string) => ok(owner, 'GET', `/api/product-models/${modelId}/stock`);
const at = (s: { locations: Array<{ locationId: string; onHand: number }> }, location: string) =>
  s.locations.find((l) => l.locationId === location)?.onHand ?? 0;
const receive = (modelId: string, quantity: number, locationId = ids.shop) =>
  ok(owner, 'POST', `/api/product-models/${modelId}/stock/receive`, { locationId, quantity });

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Cable Co '), premium: true });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  operator = await addUser(ctx.app, owner, ['New Item Operator']);
  other = await registerCompany(ctx.app, unique('Other Co '));
  const catalogue = await defaultCatalogue(ctx.app, owner);
  ids = {
    shop: catalogue.location,
    itemType: catalogue.itemType,
    back: (await ok(owner, 'POST', '/api/locations', { name: 'Back room' })).id,
  };
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('receive 200, sell 3 as one line, move 20, count the shelf: on hand per location and the ledger tell the story', async () => {
  const model = await cable('USB-C cable 1m');
  expect(model).toMatchObject({ trackedByQuantity: true, inStock: 0 });
  const received = await call(operator, 'POST', `/api/product-models/${model.id}/stock/receive`, {
    locationId: ids.shop,
    quantity: 200,
    reason: 'Delivery 41',
  });
  expect(received.statusCode).toBe(201);
  expect(received.json()).toMatchObject({ onHand: 200, locations: [{ locationId: ids.shop, onHand: 200 }] });

  const sale = await call(seller, 'POST', '/api/sales', { lines: [{ modelId: model.id, quantity: 3, price: 9.5 }] });
  expect(sale.statusCode).toBe(201);
  expect(sale.json()).toMatchObject({
    total: 28.5,
    lines: [{ line: 1, itemId: null, serial: null, modelId: model.id, quantity: 3, price: 28.5, model: model.name }],
  });
  // The receipt prints it (a PDF, not a 5xx).
  const receipt = await call(seller, 'GET', `/api/sales/${sale.json().id}/receipt.pdf`);
  expect(receipt.statusCode).toBe(200);

  const moved = await call(keeper, 'POST', `/api/product-models/${model.id}/stock/move`, {
    fromLocationId: ids.shop,
    toLocationId: ids.back,
    quantity: 20,
  });
  expect(moved.statusCode).toBe(200);
  expect([at(moved.json(), ids.shop), at(moved.json(), ids.back)]).toEqual([177, 20]);

  const counted = await call(keeper, 'POST', `/api/product-models/${model.id}/stock/count`, {
    locationId: ids.shop,
    counted: 175,
    reason: 'Shelf count',
  });
  expect(counted.statusCode).toBe(200);
  expect(counted.json()).toMatchObject({ onHand: 195 });
  expect((await ok(owner, 'GET', `/api/product-models/${model.id}`)).inStock).toBe(195);

  const ledger = (await ok(owner, 'GET', `/api/product-models/${model.id}/stock/moves`)).items;
  expect(
    ledger.map((m: { kind: string; delta: number; onHandAfter: number; reason: string | null }) => [
      m.kind,
      m.delta,
      m.onHandAfter,
      m.reason,
    ]),
  ).toEqual([
    ['count', -2, 175, 'Shelf count'],
    expect.arrayContaining(['move']),
    expect.arrayContaining(['move']),
    ['sell', -3, 197, null],
    ['receive', 200, 200, 'Delivery 41'],
  ]);
  expect(ledger[3].saleNumber).toBe(sale.json().number);
});

test('two tills selling the last 5 at once: one sale, the other refused with what is left, never below 0', async () => {
  const model = await cable();
  await receive(model.id, 5);
  const sell = (quantity: number) =>
    call(seller, 'POST', '/api/sales', { lines: [{ modelId: model.id, quantity, price: 9.5 }] });
  const [a, b] = await Promise.all([sell(4), sell(3)]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  const refused = [a, b].find((r) => r.statusCode === 409)!.json();
  expect(refused.code).toBe('NOT_ENOUGH_STOCK');
  expect(refused.message).toMatch(new RegExp(`^Only [12] of ${model.name} on hand at Main store`));
  const left = await stock(model.id);
  expect(left.onHand).toBe(a.statusCode === 201 ? 1 : 2);
  // Nothing of the refused sale was written: one sale row on the ledger.
  const sold = (await ok(owner, 'GET', `/api/product-models/${model.id}/stock/moves`)).items.filter(
    (m: { kind: string }) => m.kind === 'sell',
  );
  expect(sold).toHaveLength(1);
  // A move of more than is there: the same refusal, nothing moved.
  const move = await call(keeper, 'POST', `/api/product-models/${model.id}/stock/move`, {
    fromLocationId: ids.shop,
    toLocationId: ids.back,
    quantity: 50,
  });
  expect(move.statusCode).toBe(409);
  expect((await stock(model.id)).onHand).toBe(left.onHand);
});

test('a sale of items and a quantity together: a refused quantity leaves the items unsold', async () => {
  const model = await cable();
  await receive(model.id, 1);
  const serial = unique('PH-');
  await ok(owner, 'POST', '/api/items/receive', { itemTypeId: ids.itemType, locationId: ids.shop, serials: [serial] });
  const refused = await call(seller, 'POST', '/api/sales', {
    lines: [
      { serial, price: 300 },
      { modelId: model.id, quantity: 2, price: 9.5 },
    ],
  });
  expect(refused.statusCode).toBe(409);
  expect((await ok(owner, 'GET', `/api/items/by-serial/${serial}`)).status).toBe('in_stock');
  const mixed = await call(seller, 'POST', '/api/sales', {
    lines: [
      { serial, price: 300 },
      { modelId: model.id, quantity: 1, price: 9.5, discount: 0.5 },
    ],
  });
  expect(mixed.statusCode).toBe(201);
  expect(mixed.json()).toMatchObject({
    total: 309,
    lines: [
      { serial, quantity: 1 },
      { modelId: model.id, total: 9 },
    ],
  });
  expect((await stock(model.id)).onHand).toBe(0);
});

test('a returned quantity line goes back on the shelf with the refund; a void puts the quantity back too', async () => {
  const model = await cable();
  await receive(model.id, 10);
  const sale = await ok(seller, 'POST', '/api/sales', { lines: [{ modelId: model.id, quantity: 4, price: 10 }] });
  expect((await stock(model.id)).onHand).toBe(6);
  // Who may not return (the Rapid Seller holds no Return type): 403, nothing back.
  const denied = await call(seller, 'POST', `/api/sales/${sale.id}/quantity-returns`, {
    line: 1,
    reason: 'Wrong length',
  });
  expect(denied.statusCode).toBe(403);
  const refund = await call(owner, 'POST', `/api/sales/${sale.id}/quantity-returns`, {
    line: 1,
    reason: 'Wrong length',
    refund: 50,
  });
  expect(refund.statusCode).toBe(400);
  const back = await call(owner, 'POST', `/api/sales/${sale.id}/quantity-returns`, { line: 1, reason: 'Wrong length' });
  expect(back.statusCode).toBe(200);
  expect(back.json().onHand).toBe(10);
  expect(
    (await call(owner, 'POST', `/api/sales/${sale.id}/quantity-returns`, { line: 1, reason: 'Again' })).statusCode,
  ).toBe(409);
  const after = await ok(owner, 'GET', `/api/sales/${sale.id}`);
  expect(after.lines[0].returnedAt).not.toBeNull();
  const [ret] = (await ok(owner, 'GET', `/api/product-models/${model.id}/stock/moves`)).items;
  expect(ret).toMatchObject({ kind: 'return', delta: 4, refund: 40, saleId: sale.id, reason: 'Wrong length' });

  const mistake = await ok(seller, 'POST', '/api/sales', { lines: [{ modelId: model.id, quantity: 2, price: 10 }] });
  expect((await stock(model.id)).onHand).toBe(8);
  const voided = await call(owner, 'POST', `/api/sales/${mistake.id}/void`, { reason: 'Rung twice' });
  expect(voided.statusCode).toBe(200);
  expect((await stock(model.id)).onHand).toBe(10);
});

test('a quantity line comes back in parts: each part’s refund is its share, the parts add up to the total, and no more units than are out', async () => {
  const model = await cable();
  await receive(model.id, 10);
  // 3 at 10.00 less 0.01: a total of 29.99, which three returns of one unit must add up to.
  const sale = await ok(seller, 'POST', '/api/sales', {
    lines: [{ modelId: model.id, quantity: 3, price: 10, discount: 0.01 }],
  });
  expect(sale.lines[0]).toMatchObject({ total: 29.99, returnedQuantity: 0 });
  const url = `/api/sales/${sale.id}/quantity-returns`;
  const tooMany = await call(owner, 'POST', url, { line: 1, quantity: 4, reason: 'Too short' });
  expect(tooMany.statusCode).toBe(400);
  expect(tooMany.json().message).toContain('at most the 3 still out');
  // More than one unit's share: refused, nothing back.
  expect(
    (await call(owner, 'POST', url, { line: 1, quantity: 1, reason: 'Too short', refund: 10.01 })).statusCode,
  ).toBe(400);
  expect((await stock(model.id)).onHand).toBe(7);

  expect((await ok(owner, 'POST', url, { line: 1, quantity: 1, reason: 'Too short' })).onHand).toBe(8);
  let line = (await ok(owner, 'GET', `/api/sales/${sale.id}`)).lines[0];
  expect(line.returnedQuantity).toBe(1);
  expect(line.returnedAt).not.toBeNull();
  // A void of a sale with units back is refused, as with a line returned whole.
  expect((await call(owner, 'POST', `/api/sales/${sale.id}/void`, { reason: 'Rung twice' })).statusCode).toBe(409);
  expect((await ok(owner, 'POST', url, { line: 1, quantity: 1, reason: 'Too short' })).onHand).toBe(9);
  // Without a quantity: the rest.
  expect((await ok(owner, 'POST', url, { line: 1, reason: 'Too short' })).onHand).toBe(10);
  line = (await ok(owner, 'GET', `/api/sales/${sale.id}`)).lines[0];
  expect(line.returnedQuantity).toBe(3);
  expect((await call(owner, 'POST', url, { line: 1, quantity: 1, reason: 'Again' })).statusCode).toBe(409);
  const returns = (await ok(owner, 'GET', `/api/product-models/${model.id}/stock/moves`)).items.filter(
    (m: { kind: string; saleId: string }) => m.kind === 'return' && m.saleId === sale.id,
  );
  expect(returns.map((m: { delta: number }) => m.delta)).toEqual([1, 1, 1]);
  const refunds = returns.map((m: { refund: number }) => m.refund).sort((a: number, b: number) => a - b);
  expect(refunds).toEqual([9.99, 10, 10]);
});

test('who may do what: the same claims as reception, moving and counting items', async () => {
  const model = await cable();
  await receive(model.id, 10);
  const url = `/api/product-models/${model.id}/stock`;
  // The Rapid Seller receives, moves and counts nothing.
  expect((await call(seller, 'POST', `${url}/receive`, { locationId: ids.shop, quantity: 1 })).statusCode).toBe(403);
  expect(
    (await call(seller, 'POST', `${url}/move`, { fromLocationId: ids.shop, toLocationId: ids.back, quantity: 1 }))
      .statusCode,
  ).toBe(403);
  expect(
    (await call(operator, 'POST', `${url}/count`, { locationId: ids.shop, counted: 0, reason: 'x' })).statusCode,
  ).toBe(403);
  // A cost is items.cost.view's to write and to read: the Storekeeper has neither.
  expect(
    (await call(operator, 'POST', `${url}/receive`, { locationId: ids.shop, quantity: 1, cost: 2 })).statusCode,
  ).toBe(403);
  await ok(owner, 'POST', `${url}/receive`, { locationId: ids.shop, quantity: 1, cost: 2.5 });
  const [mine] = (await ok(owner, 'GET', `${url}/moves`)).items;
  expect(mine.cost).toBe(2.5);
  const [theirs] = (await ok(keeper, 'GET', `${url}/moves`)).items;
  expect('cost' in theirs).toBe(false);
  expect((await stock(model.id)).onHand).toBe(11);
});

test('another company gets 404 for the model’s stock, its ledger and its movements, and nothing changes', async () => {
  const model = await cable();
  await receive(model.id, 10);
  const url = `/api/product-models/${model.id}/stock`;
  for (const [method, path, body] of [
    ['GET', url, undefined],
    ['GET', `${url}/moves`, undefined],
    ['POST', `${url}/receive`, { locationId: ids.shop, quantity: 5 }],
    ['POST', `${url}/count`, { locationId: ids.shop, counted: 0, reason: 'x' }],
    ['POST', `${url}/move`, { fromLocationId: ids.shop, toLocationId: ids.back, quantity: 1 }],
  ] as const) {
    const res = await call(other, method, path, body);
    expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
    expect(res.body).not.toContain(model.name);
  }
  const sale = await call(other, 'POST', '/api/sales', { lines: [{ modelId: model.id, quantity: 1, price: 1 }] });
  expect(sale.statusCode).toBe(404);
  expect((await stock(model.id)).onHand).toBe(10);
});

test('tracked one way: a model with items stays by unit, a quantity model takes no serials, and back only when none on hand', async () => {
  const byUnit = await ok(owner, 'POST', '/api/product-models', { name: unique('Phone '), itemTypeId: ids.itemType });
  await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    modelId: byUnit.id,
    serials: [unique('SN-')],
  });
  const switched = await call(owner, 'PUT', `/api/product-models/${byUnit.id}`, { trackedByQuantity: true });
  expect(switched.statusCode).toBe(409);
  expect(switched.json().message).toMatch(/has items received by serial/);
  expect((await call(owner, 'GET', `/api/product-models/${byUnit.id}/stock`)).statusCode).toBe(409);

  const model = await cable();
  const serials = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    modelId: model.id,
    serials: [unique('SN-')],
  });
  expect(serials.statusCode).toBe(400);
  expect(serials.json().message).toMatch(/tracked by quantity/);
  await receive(model.id, 2);
  expect((await call(owner, 'PUT', `/api/product-models/${model.id}`, { trackedByQuantity: false })).statusCode).toBe(
    409,
  );
  await ok(keeper, 'POST', `/api/product-models/${model.id}/stock/count`, {
    locationId: ids.shop,
    counted: 0,
    reason: 'Gone',
  });
  expect(
    (await ok(owner, 'PUT', `/api/product-models/${model.id}`, { trackedByQuantity: false })).trackedByQuantity,
  ).toBe(false);
});

test('a reorder point counts the quantity on hand: below it the model is to reorder', async () => {
  const model = await cable();
  await ok(owner, 'PUT', `/api/product-models/${model.id}`, { reorderPoints: [{ minQuantity: 10 }] });
  await receive(model.id, 12);
  const mine = async () =>
    (await ok(keeper, 'GET', '/api/reports/to-reorder?limit=100')).items.filter(
      (r: { modelId: string }) => r.modelId === model.id,
    );
  expect(await mine()).toEqual([]);
  await ok(seller, 'POST', '/api/sales', { lines: [{ modelId: model.id, quantity: 5, price: 9.5 }] });
  expect(await mine()).toEqual([expect.objectContaining({ inStock: 7, minQuantity: 10, shortfall: 3 })]);
});

test('the ledger is append-only: the app role cannot UPDATE or DELETE a row, and neither can the owner', async () => {
  const model = await cable();
  await receive(model.id, 3);
  const attempt = (statement: string, asApp: boolean) =>
    asApp
      ? inTenant(ctx.db, owner.companyId, (q) => q.query(statement, [model.id]))
      : ctx.db.transaction((q) => q.query(statement, [model.id]));
  for (const asApp of [true, false]) {
    await expect(attempt(`UPDATE quantity_moves SET delta = 300 WHERE model_id = $1`, asApp)).rejects.toThrow(
      asApp ? /permission denied/ : /append-only/,
    );
    await expect(attempt(`DELETE FROM quantity_moves WHERE model_id = $1`, asApp)).rejects.toThrow(
      asApp ? /permission denied/ : /append-only/,
    );
  }
  const [grants] = await ctx.db.query<{ update: boolean; del: boolean; insert: boolean }>(
    `SELECT has_table_privilege($1, 'quantity_moves', 'UPDATE') AS update,
            has_table_privilege($1, 'quantity_moves', 'DELETE') AS del,
            has_table_privilege($1, 'quantity_moves', 'INSERT') AS insert`,
    [APP_ROLE],
  );
  expect(grants).toEqual({ update: false, del: false, insert: true });
  // Row-level security is forced on both new tables, as on every tenant table.
  const forced = await ctx.db.query<{ relname: string; forced: boolean }>(
    `SELECT relname, relforcerowsecurity AS forced FROM pg_class WHERE relname IN ('quantity_moves', 'quantity_stock') ORDER BY relname`,
  );
  expect(forced).toEqual([
    { relname: 'quantity_moves', forced: true },
    { relname: 'quantity_stock', forced: true },
  ]);
});
