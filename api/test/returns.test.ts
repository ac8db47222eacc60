import { inTenant } from '../src/db/tenant.js';
import {
  addUser,
  callsAs,
  closeShared,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// Returns, scraps with a reason and voids of a same-day sale, as a shop's counter meets them.
let ctx: TestContext;
let owner: Tenant;
let admin: Tenant;
let seller: Tenant;
let keeper: Tenant;
let other: Tenant;
let ids: { itemType: string; shop: string; bench: string; customer: string };
let types: Record<string, string>;

const { call } = callsAs(() => ctx.app);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Returns Co '), premium: true });
  admin = await addUser(ctx.app, owner, ['Admin']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  other = await registerCompany(ctx.app, unique('Other Co '));
  const made = async (url: string, body: object) => {
    const res = await call(owner, 'POST', url, body);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  ids = {
    itemType: await made('/api/item-types', { name: 'Phone', warrantyMonths: 12 }),
    shop: await made('/api/locations', { name: 'Shop' }),
    bench: await made('/api/locations', { name: 'Repair bench' }),
    customer: await made('/api/customers', { name: 'Rita Returner' }),
  };
  const list = await call(owner, 'GET', '/api/transaction-types');
  types = Object.fromEntries(list.json().items.map((t: { name: string; id: string }) => [t.name, t.id]));
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

async function sold(prices: number[]) {
  const serials = prices.map(() => unique('RT-'));
  const received = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    serials,
    salePrice: 200,
  });
  if (received.statusCode !== 201) throw new Error(received.body);
  const sale = await call(seller, 'POST', '/api/sales', {
    customerId: ids.customer,
    lines: serials.map((serial, i) => ({ serial, price: prices[i] })),
  });
  if (sale.statusCode !== 201) throw new Error(sale.body);
  const items = received.json().items as Array<{ id: string; serial: string }>;
  return { serials, itemIds: items.map((i) => i.id), sale: sale.json() };
}

const history = async (itemId: string) => (await call(owner, 'GET', `/api/items/${itemId}/history`)).json().events;
const today = async () => {
  const board = (await call(owner, 'GET', '/api/dashboard')).json();
  return board.salesPerDay.at(-1) as { sales: number; total: number; refunds: number; net: number };
};
const returnOf = (serials: string[], extra: object = {}) => ({
  transactionTypeId: types.Return,
  serials,
  reason: 'Screen flickers',
  ...extra,
});

test('a sold item returned with a reason, a refund and a destination: history, its sale line, stock and the day’s net', async () => {
  const { serials, itemIds, sale } = await sold([150]);
  const before = await today();
  const res = await call(
    owner,
    'POST',
    '/api/transactions',
    returnOf(serials, { refund: 120, toStatus: 'in_stock', toLocationId: ids.bench }),
  );
  expect(res.statusCode).toBe(201);
  expect(res.json().events[0]).toMatchObject({
    kind: 'return',
    fromStatus: 'sold',
    toStatus: 'in_stock',
    toLocationId: ids.bench,
    reason: 'Screen flickers',
    refund: 120,
    saleId: sale.id,
    customerId: ids.customer,
  });
  const events = await history(itemIds[0]!);
  expect(events.map((e: { kind: string }) => e.kind)).toEqual(['receive', 'sell', 'return']);
  const item = (await call(owner, 'GET', `/api/items/${itemIds[0]}`)).json();
  expect(item).toMatchObject({ status: 'in_stock', locationName: 'Repair bench' });
  const line = (await call(owner, 'GET', `/api/sales/${sale.id}`)).json().lines[0];
  expect(line.returnedAt).toEqual(expect.any(String));
  const after = await today();
  expect(after.refunds - before.refunds).toBe(120);
  expect(after.net).toBe(after.total - after.refunds);
  const stillSold = (await call(owner, 'GET', `/api/items?status=sold&search=${serials[0]}`)).json().items;
  expect(stillSold).toEqual([]);
  // Back in stock: it sells again, and that new line can be returned in its turn.
  const again = await call(seller, 'POST', '/api/sales', { lines: [{ serial: serials[0], price: 90 }] });
  expect(again.statusCode).toBe(201);
  const second = await call(owner, 'POST', '/api/transactions', returnOf(serials));
  expect(second.statusCode).toBe(201);
  expect(second.json().events[0]).toMatchObject({ toStatus: 'returned', refund: 90, saleId: again.json().id });
});

test('a batch return without an amount refunds each item its own sale price; with an amount it names one item', async () => {
  const { serials } = await sold([30, 45.5]);
  const one = await call(owner, 'POST', '/api/transactions', returnOf(serials, { refund: 10 }));
  expect(one.statusCode).toBe(400);
  expect(one.json().message).toContain('refund: an amount is for one item');
  const both = await call(owner, 'POST', '/api/transactions', returnOf(serials, { toStatus: 'defective' }));
  expect(both.statusCode).toBe(201);
  const bySerial = Object.fromEntries(
    both.json().events.map((e: { serial: string; refund: number; toStatus: string }) => [e.serial, e]),
  );
  expect(bySerial[serials[0]!]).toMatchObject({ refund: 30, toStatus: 'defective' });
  expect(bySerial[serials[1]!]).toMatchObject({ refund: 45.5, toStatus: 'defective' });
});

test('a return of items from different sales refunds each its own amount (by default its own price), none above it', async () => {
  const first = await sold([80]);
  const second = await sold([120, 35]);
  const itemIds = [first.itemIds[0]!, ...second.itemIds];
  const body = (refunds: object[]) => ({
    transactionTypeId: types.Return,
    itemIds,
    reason: 'Customer changed mind',
    refunds,
  });
  const tooMuch = await call(
    owner,
    'POST',
    '/api/transactions',
    body([
      { itemId: itemIds[0], refund: 60 },
      { itemId: itemIds[1], refund: 120.01 },
    ]),
  );
  expect(tooMuch.statusCode).toBe(400);
  expect(tooMuch.json()).toMatchObject({
    field: 'refunds.1.refund',
    message: 'refunds.1.refund: at most the sale price, 120.00',
  });
  const negative = await call(owner, 'POST', '/api/transactions', body([{ itemId: itemIds[0], refund: -1 }]));
  expect(negative.statusCode).toBe(400);
  const stranger = await call(owner, 'POST', '/api/transactions', body([{ itemId: other.companyId, refund: 1 }]));
  expect(stranger.statusCode).toBe(400);
  expect(stranger.json().field).toBe('refunds.0.itemId');
  const twice = await call(
    owner,
    'POST',
    '/api/transactions',
    body([
      { itemId: itemIds[0], refund: 1 },
      { itemId: itemIds[0], refund: 2 },
    ]),
  );
  expect(twice.statusCode).toBe(400);
  const both = await call(owner, 'POST', '/api/transactions', {
    ...body([{ itemId: itemIds[0], refund: 1 }]),
    refund: 1,
  });
  expect(both.statusCode).toBe(400);
  for (const id of itemIds)
    expect((await history(id)).map((e: { kind: string }) => e.kind)).toEqual(['receive', 'sell']);

  const before = await today();
  const res = await call(
    owner,
    'POST',
    '/api/transactions',
    body([
      { itemId: itemIds[0], refund: 60 },
      { itemId: itemIds[1], refund: 0 },
    ]),
  );
  expect(res.statusCode).toBe(201);
  const byItem = Object.fromEntries(
    res.json().events.map((e: { itemId: string; refund: number; saleId: string }) => [e.itemId, e]),
  );
  expect(byItem[itemIds[0]!]).toMatchObject({ refund: 60, saleId: first.sale.id });
  expect(byItem[itemIds[1]!]).toMatchObject({ refund: 0, saleId: second.sale.id });
  // Not named: its whole price, as a batch without amounts.
  expect(byItem[itemIds[2]!]).toMatchObject({ refund: 35, saleId: second.sale.id });
  const after = await today();
  expect(after.refunds - before.refunds).toBe(95);
});

test('refused returns write nothing: an unsold item, twice, a refund above the price, no reason, a wrong destination', async () => {
  const { serials, itemIds } = await sold([50]);
  const unsold = unique('UN-');
  await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.shop,
    serials: [unsold],
  });

  const notSold = await call(owner, 'POST', '/api/transactions', returnOf([unsold]));
  expect(notSold.statusCode).toBe(409);
  expect(notSold.json().message).toBe(`${unsold}: in-stock items cannot be returned. Nothing was changed.`);

  const tooMuch = await call(owner, 'POST', '/api/transactions', returnOf(serials, { refund: 50.01 }));
  expect(tooMuch.statusCode).toBe(400);
  expect(tooMuch.json()).toMatchObject({
    field: 'refund',
    message: expect.stringContaining('at most the sale price, 50.00'),
  });
  const noReason = await call(owner, 'POST', '/api/transactions', returnOf(serials, { reason: '  ' }));
  expect(noReason.statusCode).toBe(400);
  expect(noReason.json().field).toBe('reason');
  const reserved = await call(owner, 'POST', '/api/transactions', returnOf(serials, { toStatus: 'reserved' }));
  expect(reserved.statusCode).toBe(400);
  expect(reserved.json().field).toBe('toStatus');
  expect((await history(itemIds[0]!)).map((e: { kind: string }) => e.kind)).toEqual(['receive', 'sell']);
  expect((await call(owner, 'GET', `/api/items/${itemIds[0]}`)).json().status).toBe('sold');

  expect((await call(owner, 'POST', '/api/transactions', returnOf(serials, { toStatus: 'in_stock' }))).statusCode).toBe(
    201,
  );
  const twice = await call(owner, 'POST', '/api/transactions', returnOf(serials));
  expect(twice.statusCode).toBe(409);
  expect(twice.json().refusals).toEqual([{ serial: serials[0], reason: 'in-stock items cannot be returned' }]);
  expect((await history(itemIds[0]!)).filter((e: { kind: string }) => e.kind === 'return')).toHaveLength(1);
});

test('a return needs the Return type’s claim (403) and sees only the company’s own items (404)', async () => {
  const { serials, itemIds } = await sold([20]);
  const denied = await call(keeper, 'POST', '/api/transactions', returnOf(serials));
  expect(denied.statusCode).toBe(403);
  const otherTypes = (await call(other, 'GET', '/api/transaction-types')).json().items;
  const otherReturn = otherTypes.find((t: { name: string }) => t.name === 'Return').id;
  const foreign = await call(other, 'POST', '/api/transactions', {
    transactionTypeId: otherReturn,
    itemIds,
    reason: 'not mine',
  });
  expect(foreign.statusCode).toBe(404);
  expect((await call(owner, 'GET', `/api/items/${itemIds[0]}`)).json().status).toBe('sold');
});

test('a scrap says why (400 without), and the reason is on the event', async () => {
  const serial = unique('SC-');
  const [item] = (
    await call(owner, 'POST', '/api/items/receive', {
      itemTypeId: ids.itemType,
      locationId: ids.shop,
      serials: [serial],
    })
  ).json().items;
  const bare = await call(owner, 'POST', '/api/transactions', { transactionTypeId: types.Scrap, serials: [serial] });
  expect(bare.statusCode).toBe(400);
  expect(bare.json()).toMatchObject({ field: 'reason', message: 'reason: say why the items are scrapped' });
  const res = await call(owner, 'POST', '/api/transactions', {
    transactionTypeId: types.Scrap,
    serials: [serial],
    reason: 'Water damage',
  });
  expect(res.statusCode).toBe(201);
  expect((await history(item.id)).at(-1)).toMatchObject({
    kind: 'scrap',
    toStatus: 'scrapped',
    reason: 'Water damage',
  });
  const refund = await call(owner, 'POST', '/api/transactions', {
    transactionTypeId: types.Repair,
    serials: [serial],
    reason: 'x',
    refund: 1,
  });
  expect(refund.statusCode).toBe(400);
});

test('a void of today’s sale puts its items back as before, one event each, and takes it off the day’s count', async () => {
  const { itemIds, sale } = await sold([10, 15]);
  const before = await today();
  const bought = async () => (await call(owner, 'GET', `/api/customers/${ids.customer}/history`)).json();
  const boughtBefore = await bought();
  expect((await call(seller, 'POST', `/api/sales/${sale.id}/void`, { reason: 'Wrong customer' })).statusCode).toBe(403);
  const res = await call(admin, 'POST', `/api/sales/${sale.id}/void`, { reason: 'Wrong customer' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ voidedAt: expect.any(String), voidReason: 'Wrong customer', number: sale.number });
  for (const id of itemIds) {
    expect((await call(owner, 'GET', `/api/items/${id}`)).json()).toMatchObject({
      status: 'in_stock',
      customerId: null,
      soldAt: null,
      warrantyEndsAt: null,
    });
    expect((await history(id)).at(-1)).toMatchObject({
      kind: 'void',
      fromStatus: 'sold',
      toStatus: 'in_stock',
      saleId: sale.id,
      reason: 'Wrong customer',
    });
  }
  const after = await today();
  expect([after.sales - before.sales, after.total - before.total]).toEqual([-1, -25]);
  const boughtAfter = await bought();
  expect(boughtAfter.summary.sales).toBe(boughtBefore.summary.sales - 1);
  expect(boughtAfter.summary.spent).toBe(boughtBefore.summary.spent - 25);
  expect(boughtAfter.items.some((i: { saleId: string }) => i.saleId === sale.id)).toBe(false);
  const twice = await call(admin, 'POST', `/api/sales/${sale.id}/void`, { reason: 'again' });
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toBe(`Sale ${sale.number} is already void.`);
  // A voided sale's line is no longer returnable; the items sell again.
  expect((await call(seller, 'POST', '/api/sales', { lines: [{ itemId: itemIds[0], price: 11 }] })).statusCode).toBe(
    201,
  );
});

test('a void is refused after the sale’s day, after a return of a line, for another company (nothing written)', async () => {
  const { serials, itemIds, sale } = await sold([10, 12]);
  await call(owner, 'POST', '/api/transactions', returnOf([serials[0]!]));
  const partly = await call(owner, 'POST', `/api/sales/${sale.id}/void`, { reason: 'mistake' });
  expect(partly.statusCode).toBe(409);
  expect(partly.json().refusals).toEqual([{ serial: serials[0], reason: 'it was returned or sold again since' }]);
  expect((await call(owner, 'GET', `/api/items/${itemIds[1]}`)).json().status).toBe('sold');
  expect((await call(owner, 'GET', `/api/sales/${sale.id}`)).json().voidedAt).toBeNull();

  const old = await sold([5]);
  await inTenant(ctx.db, owner.companyId, (q) =>
    q.query(`UPDATE sales SET created_at = now() - interval '2 days' WHERE id = $1`, [old.sale.id]),
  );
  const late = await call(owner, 'POST', `/api/sales/${old.sale.id}/void`, { reason: 'mistake' });
  expect(late.statusCode).toBe(409);
  expect(late.json().message).toMatch(
    new RegExp(
      `^Sale ${old.sale.number} was made on \\d{4}-\\d{2}-\\d{2}: only a sale of today \\(UTC\\) can be voided`,
    ),
  );
  expect((await call(other, 'POST', `/api/sales/${old.sale.id}/void`, { reason: 'x' })).statusCode).toBe(404);
  expect((await call(owner, 'POST', `/api/sales/${old.sale.id}/void`, {})).statusCode).toBe(400);
});
