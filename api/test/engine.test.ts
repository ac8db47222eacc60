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

// The engine as an integrator meets it: receive, look up, sell, move, process, edit, read history.
let ctx: TestContext;
let owner: Tenant;
let seller: Tenant;
let keeper: Tenant;
let operator: Tenant;
let ids: { itemType: string; shop: string; back: string; brand: string; customer: string; vendor: string };
let types: Record<string, string>;

const { call } = callsAs(() => ctx.app);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: 'Engine Co', premium: true });
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  operator = await addUser(ctx.app, owner, ['New Item Operator']);
  const made = async (url: string, body: object) => {
    const res = await call(owner, 'POST', url, body);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  ids = {
    itemType: await made('/api/item-types', {
      name: 'Phone',
      warrantyMonths: 12,
      fields: [
        { key: 'color', label: 'Color', type: 'select', required: true, options: ['black', 'white'] },
        { key: 'storage_gb', label: 'Storage', type: 'number', required: false },
      ],
    }),
    shop: await made('/api/locations', { name: 'Shop', kind: 'store' }),
    back: await made('/api/locations', { name: 'Back room' }),
    brand: await made('/api/brands', { name: 'Acme' }),
    customer: await made('/api/customers', { name: 'Carla Customer', email: 'carla@example.com' }),
    vendor: await made('/api/customers', { name: 'Val Vendor', isCustomer: false, isVendor: true }),
  };
  const list = await call(owner, 'GET', '/api/transaction-types');
  types = Object.fromEntries(list.json().items.map((t: { name: string; id: string }) => [t.name, t.id]));
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const receive = (who: Tenant, serials: string[], extra: object = {}) =>
  call(who, 'POST', '/api/items/receive', {
    itemTypeId: ids.itemType,
    locationId: ids.back,
    serials,
    brandId: ids.brand,
    vendorId: ids.vendor,
    model: 'X1',
    salePrice: 150,
    fields: { color: 'black' },
    ...extra,
  });

test('a new company starts with the eight built-in transaction types', () => {
  expect(Object.keys(types).sort()).toEqual(
    ['Change status', 'Move', 'Receive', 'Repair', 'Return', 'Scrap', 'Sell', 'Test'].sort(),
  );
});

test('receive → look up by serial (any case, spaces) → rapid sell → warranty → history, as an integrator would', async () => {
  const serial = unique('SN-');
  const received = await receive(operator, [serial]);
  expect(received.statusCode).toBe(201);
  const [item] = received.json().items;
  expect(item).toMatchObject({ serial, status: 'in_stock', locationName: 'Back room', brandName: 'Acme', version: 1 });
  expect(item.warrantyMonths).toBe(12);

  const found = await call(seller, 'GET', `/api/items/by-serial/${encodeURIComponent(` ${serial.toLowerCase()} `)}`);
  expect(found.statusCode).toBe(200);
  expect(found.json().id).toBe(item.id);

  const sale = await call(seller, 'POST', '/api/sales', {
    lines: [{ serial, price: 149.99 }],
    customerId: ids.customer,
  });
  expect(sale.statusCode).toBe(201);
  expect(sale.json()).toMatchObject({
    total: 149.99,
    customerName: 'Carla Customer',
    lines: [{ serial, price: 149.99 }],
  });
  expect(sale.json().number).toBeGreaterThanOrEqual(1);
  const sold = (await call(owner, 'GET', `/api/items/${item.id}`)).json();
  expect(sold).toMatchObject({ status: 'sold', customerId: ids.customer, salePrice: 149.99, version: 2 });
  const months = (Date.parse(sold.warrantyEndsAt) - Date.parse(sold.soldAt)) / (30.4 * 86_400_000);
  expect(Math.round(months)).toBe(12);

  const again = await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 1 }] });
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toContain(`${serial}: sold items cannot be sold`);
  expect(again.json().refusals).toEqual([{ serial, reason: 'sold items cannot be sold' }]);

  const history = (await call(owner, 'GET', `/api/items/${item.id}/history`)).json().events;
  expect(history.map((e: { kind: string; version: number }) => [e.kind, e.version])).toEqual([
    ['receive', 1],
    ['sell', 2],
  ]);
  expect(history[1]).toMatchObject({
    fromStatus: 'in_stock',
    toStatus: 'sold',
    saleId: sale.json().id,
    userName: seller.userName,
  });
});

test('return then resell: the return names the first buyer, the second sale (no customer) names nobody', async () => {
  const serial = unique('RR-');
  const [item] = (await receive(operator, [serial])).json().items;
  await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 10 }], customerId: ids.customer });
  const back = await call(owner, 'POST', '/api/transactions', {
    transactionTypeId: types.Return,
    serials: [serial],
    reason: 'Changed their mind',
  });
  expect(back.statusCode).toBe(201);
  expect(back.json().events[0]).toMatchObject({ kind: 'return', toStatus: 'returned', customerId: ids.customer });
  const resold = await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 8 }] });
  expect(resold.statusCode).toBe(201);
  const events = (await call(owner, 'GET', `/api/items/${item.id}/history`)).json().events;
  expect(events.map((e: { kind: string; customerId: string | null }) => [e.kind, e.customerId])).toEqual([
    ['receive', ids.vendor],
    ['sell', ids.customer],
    ['return', ids.customer],
    ['sell', null],
  ]);
  expect((await call(owner, 'GET', `/api/items/${item.id}`)).json()).toMatchObject({
    status: 'sold',
    customerId: null,
  });
});

test('a batch with one refused item writes nothing and names the serial', async () => {
  const a = unique('B-');
  const b = unique('B-');
  const res = await receive(operator, [a, b]);
  const [itemA, itemB] = res.json().items;
  expect([itemA.serial, itemB.serial]).toEqual([a, b]);
  await call(keeper, 'POST', '/api/transactions', { transactionTypeId: types.Scrap, itemIds: [itemB.id] });
  // the Storekeeper may not scrap (no claim on Scrap): 403, and B stays in stock
  expect((await call(owner, 'GET', `/api/items/${itemB.id}`)).json().status).toBe('in_stock');
  await call(owner, 'POST', '/api/transactions', {
    transactionTypeId: types.Scrap,
    itemIds: [itemB.id],
    reason: 'Cracked case',
  });
  const move = await call(keeper, 'POST', '/api/transactions', {
    transactionTypeId: types.Move,
    serials: [a, b],
    toLocationId: ids.shop,
  });
  expect(move.statusCode).toBe(409);
  expect(move.json().message).toContain(`${b}: scrapped items cannot be moved`);
  const afterA = (await call(owner, 'GET', `/api/items/${itemA.id}`)).json();
  expect(afterA).toMatchObject({ locationId: ids.back, version: 1 });
});

test('move and process write one event per item; a Storekeeper may not run Scrap (its claim is missing)', async () => {
  const serials = [unique('M-'), unique('M-'), unique('M-')];
  const items = (await receive(operator, serials)).json().items as Array<{ id: string }>;
  const moved = await call(keeper, 'POST', '/api/transactions', {
    transactionTypeId: types.Move,
    itemIds: items.map((i) => i.id),
    toLocationId: ids.shop,
    note: 'to the shop floor',
  });
  expect(moved.statusCode).toBe(201);
  expect(moved.json().events).toHaveLength(3);
  expect(moved.json().events[0]).toMatchObject({
    kind: 'move',
    fromLocationId: ids.back,
    toLocationId: ids.shop,
    note: 'to the shop floor',
  });
  const tested = await call(keeper, 'POST', '/api/transactions', { transactionTypeId: types.Test, serials });
  expect(tested.statusCode).toBe(201);
  expect((await call(owner, 'GET', `/api/items/${items[0]!.id}`)).json().status).toBe('in_process');
  const scrap = await call(keeper, 'POST', '/api/transactions', { transactionTypeId: types.Scrap, serials });
  expect(scrap.statusCode).toBe(403);
  const status = await call(keeper, 'POST', '/api/transactions', {
    transactionTypeId: types['Change status'],
    serials: [serials[0]],
    toStatus: 'sold',
  });
  expect(status.statusCode).toBe(400);
});

test('receive refuses duplicates inside the batch and against existing items, listing them, creating nothing', async () => {
  const existing = unique('D-');
  await receive(operator, [existing]);
  const fresh = unique('D-');
  const dup = await receive(operator, [fresh, existing.toLowerCase()]);
  expect(dup.statusCode).toBe(409);
  expect(dup.json().refusals).toEqual([{ serial: existing, reason: 'an item with this serial already exists' }]);
  const twice = await receive(operator, [fresh, ` ${fresh.toUpperCase()}`]);
  expect(twice.statusCode).toBe(409);
  expect(twice.json().message).toContain('named twice');
  expect((await call(owner, 'GET', `/api/items/by-serial/${fresh}`)).statusCode).toBe(404);
  const badField = await receive(operator, [fresh], { fields: { color: 'purple' } });
  expect(badField.statusCode).toBe(400);
  expect(badField.json().field).toBe('fields.color');
  const missing = await receive(operator, [fresh], { fields: {} });
  expect(missing.json().message).toContain('Color is required');
});

test('10,000 serials in one reception (this route’s body limit is raised); 10,001 is a 400', async () => {
  const stem = unique('BULK-');
  const serials = Array.from({ length: 10_000 }, (_, i) => `${stem}-${String(i).padStart(5, '0')}-${'x'.repeat(60)}`);
  const res = await receive(owner, serials);
  expect(res.statusCode).toBe(201);
  expect(res.json().items).toHaveLength(10_000);
  const over = await receive(owner, [...serials.map((s) => `${s}y`), 'one-more']);
  expect(over.statusCode).toBe(400);
  expect(over.json().field).toBe('serials');
  // other routes keep their 64 KB limit
  const big = await call(owner, 'POST', '/api/brands', { name: 'x'.repeat(70_000) });
  expect(big.statusCode).toBe(413);
}, 120_000);

test('PATCH with the version read records field deltas; a stale version is a 409', async () => {
  const serial = unique('E-');
  const [item] = (await receive(operator, [serial])).json().items;
  const ok = await call(keeper, 'PATCH', `/api/items/${item.id}`, {
    version: 1,
    model: 'X2',
    fields: { color: 'white' },
  });
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toMatchObject({ model: 'X2', version: 2 });
  const stale = await call(keeper, 'PATCH', `/api/items/${item.id}`, { version: 1, model: 'X3' });
  expect(stale.statusCode).toBe(409);
  expect(stale.json().code).toBe('STALE_VERSION');
  const events = (await call(owner, 'GET', `/api/items/${item.id}/history`)).json().events;
  expect(events[1]).toMatchObject({
    kind: 'edit',
    version: 2,
    deltas: { model: ['X1', 'X2'], fields: [{ color: 'black' }, { color: 'white' }] },
  });
});

test('item photos: paths in the company’s own ItemImages folder only; adding and removing one is an edit event', async () => {
  const serial = unique('P-');
  const mine = `${owner.companyId}/items/123.png`;
  const received = await receive(operator, [serial], { images: [mine] });
  expect(received.statusCode).toBe(201);
  const [item] = received.json().items;
  expect(item.images).toEqual([mine]);
  for (const images of [[`00000000-0000-4000-8000-000000000000/items/1.png`], [`${owner.companyId}/../x/1.png`]]) {
    const refused = await receive(operator, [unique('P-')], { images });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/ItemImages/);
  }
  const second = `${owner.companyId}/items/456.jpg`;
  const added = await call(keeper, 'PATCH', `/api/items/${item.id}`, { version: 1, images: [mine, second] });
  expect(added.statusCode).toBe(200);
  expect(added.json()).toMatchObject({ images: [mine, second], version: 2 });
  const removed = await call(keeper, 'PATCH', `/api/items/${item.id}`, { version: 2, images: [second] });
  expect(removed.json()).toMatchObject({ images: [second], version: 3 });
  const foreign = await call(keeper, 'PATCH', `/api/items/${item.id}`, { version: 3, images: ['other/items/1.png'] });
  expect(foreign.statusCode).toBe(400);
  const events = (await call(owner, 'GET', `/api/items/${item.id}/history`)).json().events;
  expect(events.map((e: { deltas: unknown }) => e.deltas)).toEqual([
    null,
    { images: [[mine], [mine, second]] },
    { images: [[mine, second], [second]] },
  ]);
});

test('the item list pages by keyset with filters and sorts, every item exactly once', async () => {
  const stem = unique('L-');
  const serials = Array.from({ length: 23 }, (_, i) => `${stem}${String(i).padStart(2, '0')}`);
  await receive(operator, serials);
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await call(
      keeper,
      'GET',
      `/api/items?search=${stem}&sort=serial_asc&limit=5&status=in_stock${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.json().message ?? 'ok').toBe('ok');
    seen.push(...res.json().items.map((i: { serial: string }) => i.serial));
    cursor = res.json().nextCursor;
    pages++;
  } while (cursor && pages < 10);
  expect(seen).toEqual(serials);
  expect(pages).toBe(5);
  const newest = (await call(keeper, 'GET', `/api/items?search=${stem}&limit=3`)).json();
  expect(newest.items).toHaveLength(3);
  const forged = await call(keeper, 'GET', `/api/items?cursor=${Buffer.from('["x","y"]').toString('base64url')}`);
  expect(forged.statusCode).toBe(400);
});

test('deleting something in use is a 409 that says what uses it', async () => {
  const res = await call(owner, 'DELETE', `/api/brands/${ids.brand}`);
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toMatch(/This brand is in use: \d+ items/);
  const loc = await call(owner, 'DELETE', `/api/locations/${ids.back}`);
  expect(loc.statusCode).toBe(409);
  expect(loc.json().message).toContain('items');
  const builtIn = await call(owner, 'DELETE', `/api/transaction-types/${types.Sell}`);
  expect(builtIn.statusCode).toBe(409);
  const empty = await call(owner, 'POST', '/api/brands', { name: unique('Empty ') });
  expect((await call(owner, 'DELETE', `/api/brands/${empty.json().id}`)).statusCode).toBe(204);
});

test('a seller adds a new buyer at the till, and an operator a new vendor at reception; only a customer manager edits or removes them', async () => {
  const buyer = await call(seller, 'POST', '/api/customers', { name: unique('Till Buyer ') });
  expect(buyer.statusCode).toBe(201);
  const vendor = await call(operator, 'POST', '/api/customers', { name: unique('New Vendor '), isVendor: true });
  expect(vendor.statusCode).toBe(201);
  expect((await call(seller, 'PUT', `/api/customers/${buyer.json().id}`, { name: 'Renamed' })).statusCode).toBe(403);
  expect((await call(seller, 'DELETE', `/api/customers/${buyer.json().id}`)).statusCode).toBe(403);
  expect((await call(keeper, 'POST', '/api/customers', { name: unique('Not Mine ') })).statusCode).toBe(403);
  expect((await call(owner, 'DELETE', `/api/customers/${buyer.json().id}`)).statusCode).toBe(204);
});

test('a customer with history is deactivated, not deleted: it keeps its history, leaves the pickers and takes no new sale or reception', async () => {
  const buyer = (await call(owner, 'POST', '/api/customers', { name: unique('Dora '), isVendor: true })).json();
  const [sold, spare] = [unique('SN-'), unique('SN-')];
  await receive(operator, [sold, spare]);
  expect(
    (await call(seller, 'POST', '/api/sales', { lines: [{ serial: sold, price: 5 }], customerId: buyer.id }))
      .statusCode,
  ).toBe(201);

  const gone = await call(owner, 'DELETE', `/api/customers/${buyer.id}`);
  expect(gone.statusCode).toBe(409);
  expect(gone.json().message).toMatch(/in use: 1 item bought, 1 sale.*deactivate it instead/);

  const off = await call(owner, 'PUT', `/api/customers/${buyer.id}`, { active: false });
  expect(off.statusCode).toBe(200);
  expect(off.json()).toMatchObject({ name: buyer.name, active: false });
  const named = (active?: boolean) =>
    call(
      owner,
      'GET',
      `/api/customers?search=${encodeURIComponent(buyer.name)}${active === undefined ? '' : `&active=${active}`}`,
    ).then((res) => res.json().items.map((c: { id: string }) => c.id));
  expect(await named(true)).toEqual([]);
  expect(await named(false)).toEqual([buyer.id]);
  expect(await named()).toEqual([buyer.id]);

  const sale = await call(seller, 'POST', '/api/sales', { lines: [{ serial: spare, price: 5 }], customerId: buyer.id });
  expect(sale.statusCode).toBe(400);
  expect(sale.json().message).toBe(`customerId: ${buyer.name} is deactivated`);
  const reception = await receive(operator, [unique('SN-')], { vendorId: buyer.id });
  expect(reception.statusCode).toBe(400);
  expect(reception.json().message).toBe(`vendorId: ${buyer.name} is deactivated`);
  expect((await call(owner, 'GET', `/api/items/by-serial/${spare}`)).json().status).toBe('in_stock');
  // Their history stays theirs.
  const history = (await call(owner, 'GET', `/api/customers/${buyer.id}/history`)).json();
  expect(history.items.map((p: { serial: string }) => p.serial)).toEqual([sold]);

  expect((await call(owner, 'PUT', `/api/customers/${buyer.id}`, { active: true })).json().active).toBe(true);
  expect(
    (await call(seller, 'POST', '/api/sales', { lines: [{ serial: spare, price: 5 }], customerId: buyer.id }))
      .statusCode,
  ).toBe(201);
});
