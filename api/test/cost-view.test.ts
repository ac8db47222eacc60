import {
  addUser,
  bearer,
  callsAs,
  closeShared,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// Cost is the items.cost.view claim's data (Owner implicitly, Admin by seed): without it the cost,
// the value at cost and an edit's change of cost are absent from every answer — JSON and CSV — and
// cannot be written. An item's customer is the customers.view claim's.
let ctx: TestContext;
let owner: Tenant;
let admin: Tenant;
let seller: Tenant;
let keeper: Tenant;
let operator: Tenant;
let place: { itemType: string; location: string; customer: string };
let sold: { id: string; serial: string };
let kept: { id: string; serial: string };

const { call, ok } = callsAs(() => ctx.app);
/** A CSV answer's header row and the row of one serial, as cells (no quoting in these values). */
async function csv(who: Tenant, url: string) {
  const res = await call(who, 'GET', url);
  expect(res.statusCode).toBe(200);
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const header = lines[0]!.split(',');
  const row = (serial: string) => {
    const cells = lines.find((l) => l.startsWith(`${serial},`) || l.includes(`,${serial},`))!.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  };
  return { header, row, body: res.body };
}
async function roleWith(name: string, permissions: string[]): Promise<string> {
  const role = await ok(owner, 'POST', '/api/roles', { name });
  await ok(owner, 'PUT', `/api/roles/${role.id}/claims`, {
    claims: permissions.map((value) => ({ type: 'permission', value })),
  });
  return role.id as string;
}

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Cost Co '), premium: true });
  admin = await addUser(ctx.app, owner, ['Admin']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  operator = await addUser(ctx.app, owner, ['New Item Operator']);
  place = {
    itemType: (await ok(owner, 'POST', '/api/item-types', { name: 'Phone', warrantyMonths: 12 })).id,
    location: (await ok(owner, 'POST', '/api/locations', { name: 'Shop', kind: 'store' })).id,
    customer: (await ok(owner, 'POST', '/api/customers', { name: 'Carla Customer' })).id,
  };
  const received = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: place.itemType,
    locationId: place.location,
    serials: [unique('CV-SOLD-'), unique('CV-KEPT-')],
    cost: 100,
    salePrice: 150,
  });
  [sold, kept] = received.items;
  await ok(owner, 'POST', '/api/sales', { lines: [{ itemId: sold.id, price: 150 }], customerId: place.customer });
  const item = await ok(owner, 'GET', `/api/items/${kept.id}`);
  await ok(owner, 'PATCH', `/api/items/${kept.id}`, { version: item.version, cost: 90 });
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await closeShared();
});

describe('items: JSON', () => {
  test('a Rapid Seller’s items carry no cost (the key is absent) but their customer', async () => {
    const list = await ok(seller, 'GET', '/api/items?limit=10');
    const mine = list.items.find((i: { id: string }) => i.id === sold.id);
    expect(mine).toMatchObject({ serial: sold.serial, salePrice: 150, customerName: 'Carla Customer' });
    expect(list.items.every((i: object) => !('cost' in i))).toBe(true);
    for (const url of [`/api/items/${sold.id}`, `/api/items/by-serial/${encodeURIComponent(sold.serial)}`]) {
      const one = await ok(seller, 'GET', url);
      expect(one.serial).toBe(sold.serial);
      expect(one).not.toHaveProperty('cost');
    }
  });

  test('a Storekeeper (no customers.view) sees neither the cost nor who bought the item', async () => {
    const one = await ok(keeper, 'GET', `/api/items/${sold.id}`);
    expect(one.status).toBe('sold');
    expect(one).not.toHaveProperty('cost');
    expect(one).not.toHaveProperty('customerName');
  });

  test('the Owner and the built-in Admin see the cost', async () => {
    for (const who of [owner, admin]) {
      expect(await ok(who, 'GET', `/api/items/${sold.id}`)).toMatchObject({
        cost: 100,
        customerName: 'Carla Customer',
      });
      const list = await ok(who, 'GET', '/api/items?limit=10');
      expect(list.items.find((i: { id: string }) => i.id === kept.id).cost).toBe(90);
    }
    expect((await ok(admin, 'GET', '/api/access')).permissions).toContain('items.cost.view');
    expect((await ok(seller, 'GET', '/api/access')).permissions).not.toContain('items.cost.view');
  });

  test('an edit of the cost shows in the history only to a holder of the claim', async () => {
    const edit = (events: Array<{ kind: string; deltas: Record<string, unknown> | null }>) =>
      events.find((e) => e.kind === 'edit')!;
    expect(edit((await ok(owner, 'GET', `/api/items/${kept.id}/history`)).events).deltas).toEqual({ cost: [100, 90] });
    expect(edit((await ok(keeper, 'GET', `/api/items/${kept.id}/history`)).events).deltas).toEqual({});
    const history = await call(keeper, 'GET', `/api/items/${kept.id}/history?format=csv`);
    expect(history.body).not.toMatch(/cost/);
    const tracking = await ok(keeper, 'GET', '/api/reports/tracking?kind=edit');
    expect(tracking.items.find((r: { itemId: string }) => r.itemId === kept.id).deltas).toEqual({});
    const owners = await ok(owner, 'GET', '/api/reports/tracking?kind=edit');
    expect(owners.items.find((r: { itemId: string }) => r.itemId === kept.id).deltas).toEqual({ cost: [100, 90] });
  });
});

describe('items: CSV', () => {
  test('a Rapid Seller’s export has no cost column; the Owner’s has it', async () => {
    const sellers = await csv(seller, '/api/items?format=raw-csv');
    expect(sellers.header).not.toContain('cost');
    expect(sellers.header).toEqual(expect.arrayContaining(['serial', 'salePrice', 'customer']));
    expect(sellers.row(sold.serial)).toMatchObject({
      serial: sold.serial,
      salePrice: '150',
      customer: 'Carla Customer',
    });
    const owners = await csv(owner, '/api/items?format=raw-csv');
    expect(owners.header).toContain('cost');
    expect(owners.row(sold.serial)).toMatchObject({ cost: '100' });
  });

  test('a Storekeeper’s export has neither the cost nor the customer column', async () => {
    const { header } = await csv(keeper, '/api/items?format=raw-csv');
    expect(header).toContain('serial');
    expect(header).not.toContain('cost');
    expect(header).not.toContain('customer');
  });
});

describe('reports', () => {
  test('the inventory report is valued at cost only for a holder of the claim, JSON and CSV', async () => {
    const keepers = await ok(keeper, 'GET', '/api/reports/inventory');
    expect(keepers.totals).toEqual({ items: 1, saleValue: 150 });
    expect(keepers.items.every((r: object) => !('costValue' in r))).toBe(true);
    expect((await csv(keeper, '/api/reports/inventory?format=raw-csv')).header).toEqual([
      'key',
      'name',
      'items',
      'saleValue',
    ]);
    expect((await csv(keeper, '/api/reports/inventory?format=csv')).header).toEqual([
      'Item type',
      'Items',
      'Sale value',
    ]);
    const owners = await ok(owner, 'GET', '/api/reports/inventory');
    expect(owners.totals).toEqual({ items: 1, costValue: 90, saleValue: 150 });
    expect((await csv(owner, '/api/reports/inventory?format=raw-csv')).header).toContain('costValue');
    expect((await csv(owner, '/api/reports/inventory?format=csv')).header).toContain('Cost value');
  });
});

describe('a custom role', () => {
  test('given the claim sees the cost; the claim taken away, the next call has none', async () => {
    const name = unique('Buyer ');
    const roleId = await roleWith(name, ['items.view', 'items.cost.view']);
    const buyer = await addUser(ctx.app, owner, [name]);
    expect((await ok(buyer, 'GET', `/api/items/${kept.id}`)).cost).toBe(90);
    expect((await csv(buyer, '/api/items?format=raw-csv')).header).toContain('cost');
    await ok(owner, 'PUT', `/api/roles/${roleId}/claims`, { claims: [{ type: 'permission', value: 'items.view' }] });
    expect(await ok(buyer, 'GET', `/api/items/${kept.id}`)).not.toHaveProperty('cost');
    expect((await csv(buyer, '/api/items?format=raw-csv')).header).not.toContain('cost');
  });
});

describe('writing a cost needs the claim', () => {
  test('a Storekeeper may edit an item, but not its cost (403, nothing changed)', async () => {
    const before = await ok(keeper, 'GET', `/api/items/${kept.id}`);
    const refused = await call(keeper, 'PATCH', `/api/items/${kept.id}`, { version: before.version, cost: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/items\.cost\.view/);
    expect((await ok(owner, 'GET', `/api/items/${kept.id}`)).cost).toBe(90);
    const edited = await ok(keeper, 'PATCH', `/api/items/${kept.id}`, { version: before.version, model: 'X2' });
    expect(edited.model).toBe('X2');
    expect(edited).not.toHaveProperty('cost');
  });

  test('a New Item Operator receives without a cost, not with one', async () => {
    const body = { itemTypeId: place.itemType, locationId: place.location, salePrice: 10 };
    const serial = unique('CV-OP-');
    const refused = await call(operator, 'POST', '/api/items/receive', { ...body, serials: [serial], cost: 5 });
    expect(refused.statusCode).toBe(403);
    expect((await call(owner, 'GET', `/api/items/by-serial/${serial}`)).statusCode).toBe(404);
    const received = await ok(operator, 'POST', '/api/items/receive', { ...body, serials: [serial], cost: null });
    expect(received.items[0].serial).toBe(serial);
    expect(received.items[0]).not.toHaveProperty('cost');
  });

  test('a New Item Operator’s file with costs is refused (403), without them imported', async () => {
    const upload = (body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/imports/items',
        headers: { ...bearer(operator.token), 'content-type': 'text/csv' },
        payload: body,
      });
    const serial = unique('CV-IMP-');
    const refused = await upload(`serial,itemType,location,cost\n${serial},Phone,Shop,5\n`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/items\.cost\.view/);
    expect((await upload(`serial,itemType,location,cost\n${serial},Phone,Shop,\n`)).statusCode).toBe(202);
  });
});
