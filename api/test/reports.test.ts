import fc from 'fast-check';
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

// Reports, the dashboard and the task queues against a small company whose every figure is known.
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let manager: Tenant;
let ids: Record<'phone' | 'cable' | 'shop' | 'back' | 'acme' | 'carla' | 'dave', string>;
let types: Record<string, string>;
let serials: { phones: string[]; cables: string[] };
let itemId: Record<string, string>;
const started = new Date(Date.now() - 1000).toISOString();

const { call, ok } = callsAs(() => ctx.app);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: 'Reports Co', premium: true });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  manager = await addUser(ctx.app, owner, ['Account Manager']);
  const made = async (url: string, body: object) => (await ok(owner, 'POST', url, body)).id as string;
  ids = {
    phone: await made('/api/item-types', { name: 'Phone', warrantyMonths: 12 }),
    cable: await made('/api/item-types', { name: 'Cable', warrantyMonths: 0 }),
    shop: await made('/api/locations', { name: 'Shop', kind: 'store' }),
    back: await made('/api/locations', { name: 'Back room' }),
    acme: await made('/api/brands', { name: 'Acme' }),
    carla: await made('/api/customers', { name: 'Carla Customer', email: 'carla@example.com' }),
    dave: await made('/api/customers', { name: 'Dave Other' }),
  };
  types = Object.fromEntries(
    (await ok(owner, 'GET', '/api/transaction-types')).items.map((t: { name: string; id: string }) => [t.name, t.id]),
  );
  serials = { phones: ['RP-1', 'RP-2', 'RP-3'].map((s) => unique(s)), cables: ['RC-1', 'RC-2'].map((s) => unique(s)) };
  // 3 phones in the shop (Acme, model X1, cost 100, price 150); 2 cables in the back room (no brand, cost 5, price 8)
  const phones = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.phone,
    locationId: ids.shop,
    serials: serials.phones,
    brandId: ids.acme,
    model: 'X1',
    cost: 100,
    salePrice: 150,
  });
  const cables = await ok(owner, 'POST', '/api/items/receive', {
    itemTypeId: ids.cable,
    locationId: ids.back,
    serials: serials.cables,
    cost: 5,
    salePrice: 8,
  });
  itemId = Object.fromEntries(
    [...phones.items, ...cables.items].map((i: { serial: string; id: string }) => [i.serial, i.id]),
  );
  // phone 1 sold to Carla for 140; cable 1 under test (in process); phone 2 moved to the back room by the keeper
  await ok(owner, 'POST', '/api/sales', { customerId: ids.carla, lines: [{ serial: serials.phones[0], price: 140 }] });
  await ok(owner, 'POST', '/api/transactions', { transactionTypeId: types.Test, serials: [serials.cables[0]] });
  await ok(keeper, 'POST', '/api/transactions', {
    transactionTypeId: types.Move,
    serials: [serials.phones[1]],
    toLocationId: ids.back,
  });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('warehouse status: counts per location × status and per item type × status', async () => {
  const report = await ok(owner, 'GET', '/api/reports/warehouse-status');
  expect(report.byLocation).toEqual([
    { locationId: ids.back, locationName: 'Back room', status: 'in_stock', items: 2 },
    { locationId: ids.back, locationName: 'Back room', status: 'in_process', items: 1 },
    { locationId: ids.shop, locationName: 'Shop', status: 'in_stock', items: 1 },
    { locationId: ids.shop, locationName: 'Shop', status: 'sold', items: 1 },
  ]);
  expect(report.byItemType).toEqual([
    { itemTypeId: ids.cable, itemTypeName: 'Cable', status: 'in_stock', items: 1 },
    { itemTypeId: ids.cable, itemTypeName: 'Cable', status: 'in_process', items: 1 },
    { itemTypeId: ids.phone, itemTypeName: 'Phone', status: 'in_stock', items: 2 },
    { itemTypeId: ids.phone, itemTypeName: 'Phone', status: 'sold', items: 1 },
  ]);
  expect(report.total).toBe(5);
});

test('inventory: what is held, counted and valued at cost and sale price, by type, brand, model and location', async () => {
  const byType = await ok(owner, 'GET', '/api/reports/inventory?groupBy=itemType');
  expect(byType.items).toEqual([
    { key: ids.cable, name: 'Cable', items: 2, costValue: 10, saleValue: 16 },
    { key: ids.phone, name: 'Phone', items: 2, costValue: 200, saleValue: 300 },
  ]);
  expect(byType.totals).toEqual({ items: 4, costValue: 210, saleValue: 316 });
  const byBrand = await ok(owner, 'GET', '/api/reports/inventory?groupBy=brand');
  expect(byBrand.items).toEqual([
    { key: ids.acme, name: 'Acme', items: 2, costValue: 200, saleValue: 300 },
    { key: null, name: null, items: 2, costValue: 10, saleValue: 16 },
  ]);
  const byModel = await ok(owner, 'GET', '/api/reports/inventory?groupBy=model');
  expect(byModel.items.map((r: { key: string | null; items: number }) => [r.key, r.items])).toEqual([
    ['X1', 2],
    [null, 2],
  ]);
  const byLocation = await ok(owner, 'GET', '/api/reports/inventory?groupBy=location');
  expect(byLocation.items).toEqual([
    { key: ids.back, name: 'Back room', items: 3, costValue: 110, saleValue: 166 },
    { key: ids.shop, name: 'Shop', items: 1, costValue: 100, saleValue: 150 },
  ]);
  const inProcess = await ok(owner, 'GET', '/api/reports/inventory?groupBy=location&status=in_process');
  expect(inProcess.totals).toEqual({ items: 1, costValue: 5, saleValue: 8 });
  const sold = await call(owner, 'GET', '/api/reports/inventory?status=sold');
  expect(sold.statusCode).toBe(400);
  expect((await call(owner, 'GET', '/api/reports/inventory?groupBy=colour')).statusCode).toBe(400);
});

test('tracking: events in a date range, filtered by type, user, location and item type, paged by keyset', async () => {
  const all = await ok(owner, 'GET', `/api/reports/tracking?from=${encodeURIComponent(started)}`);
  // 5 receptions, 1 sale, 1 test, 1 move — newest first
  expect(all.items.map((e: { kind: string }) => e.kind)).toEqual([
    'move',
    'process',
    'sell',
    'receive',
    'receive',
    'receive',
    'receive',
    'receive',
  ]);
  expect(all.items[2]).toMatchObject({ serial: serials.phones[0], customerName: 'Carla Customer' });
  expect(all.items[0]).toMatchObject({
    fromLocationName: 'Shop',
    toLocationName: 'Back room',
    itemTypeName: 'Phone',
    userName: keeper.userName,
  });
  const q = (extra: string) => ok(owner, 'GET', `/api/reports/tracking?from=${encodeURIComponent(started)}&${extra}`);
  const kinds = async (extra: string) => (await q(extra)).items.map((e: { kind: string }) => e.kind);
  expect(await kinds(`transactionTypeId=${types.Sell}`)).toEqual(['sell']);
  expect(await kinds(`userId=${keeper.userId}`)).toEqual(['move']);
  // the back room: the move arrived there, the test happened there, two cables were received there
  expect(await kinds(`locationId=${ids.back}`)).toEqual(['move', 'process', 'receive', 'receive']);
  // the shop: the move left from there, the sale, three phones received
  expect(await kinds(`locationId=${ids.shop}`)).toEqual(['move', 'sell', 'receive', 'receive', 'receive']);
  expect(await kinds(`itemTypeId=${ids.cable}`)).toEqual(['process', 'receive', 'receive']);
  expect(await kinds(`itemTypeId=${ids.cable}&locationId=${ids.shop}`)).toEqual([]);
  // a range that ends before anything happened
  expect((await ok(owner, 'GET', `/api/reports/tracking?to=${encodeURIComponent(started)}`)).items).toEqual([]);
  // keyset pages of 3 cover everything once, in order, with and without a location filter
  for (const filter of ['', `&locationId=${ids.shop}`]) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { items: Array<{ id: string }>; nextCursor: string | null } = await q(
        `limit=3&sort=oldest${filter}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.items.map((e) => e.id));
      cursor = res.nextCursor;
    } while (cursor);
    const whole = (await q(`sort=oldest${filter}`)).items.map((e: { id: string }) => e.id);
    expect(seen).toEqual(whole);
  }
  expect((await call(owner, 'GET', '/api/reports/tracking?cursor=bm9wZQ')).statusCode).toBe(400);
  // well-formed cursors with times PostgreSQL would refuse: a 400, never a 500
  const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
  for (const time of ['1', '2026-02-30T00:00:00.000000Z', '2026-01-01'])
    expect(
      (await call(owner, 'GET', `/api/reports/tracking?cursor=${forged([time, crypto.randomUUID()])}`)).statusCode,
    ).toBe(400);
  expect(
    (
      await call(
        owner,
        'GET',
        `/api/customers/${ids.carla}/history?cursor=${forged(['2026-01-01T00:00:00.000000Z', crypto.randomUUID(), 2 ** 40])}`,
      )
    ).statusCode,
  ).toBe(400);
  expect((await call(owner, 'GET', '/api/reports/tracking?from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
  expect((await call(owner, 'GET', '/api/reports/tracking?from=yesterday')).statusCode).toBe(400);
});

test('warranty: ending within N days or ended, with the customer', async () => {
  // phone 1 was sold today with 12 months: ends in about a year
  expect((await ok(owner, 'GET', '/api/reports/warranty?within=30')).items).toEqual([]);
  const year = await ok(owner, 'GET', '/api/reports/warranty?within=400');
  expect(year.items).toHaveLength(1);
  expect(year.items[0]).toMatchObject({
    serial: serials.phones[0],
    customerName: 'Carla Customer',
    customerEmail: 'carla@example.com',
    status: 'sold',
  });
  expect(year.items[0].daysLeft).toBeGreaterThanOrEqual(364);
  // a cable sold to Dave with no warranty months ends as it is sold: it has ended
  await ok(owner, 'POST', '/api/sales', { customerId: ids.dave, lines: [{ serial: serials.cables[1], price: 8 }] });
  const ended = await ok(owner, 'GET', '/api/reports/warranty?within=30');
  expect(ended.items.map((r: { serial: string; customerName: string }) => [r.serial, r.customerName])).toEqual([
    [serials.cables[1], 'Dave Other'],
  ]);
  expect(ended.items[0].daysLeft).toBeLessThan(0);
  expect((await ok(owner, 'GET', '/api/reports/warranty?within=30&ended=0')).items).toEqual([]);
  expect((await ok(owner, 'GET', `/api/reports/warranty?within=400&customerId=${ids.carla}`)).items).toHaveLength(1);
  expect((await call(owner, 'GET', '/api/reports/warranty?within=-1')).statusCode).toBe(400);
  expect((await call(owner, 'GET', '/api/reports/warranty?within=99999')).statusCode).toBe(400);
});

test('a customer’s history: purchases with warranty state, returns, totals', async () => {
  const history = await ok(owner, 'GET', `/api/customers/${ids.carla}/history`);
  expect(history.customer).toEqual({ id: ids.carla, name: 'Carla Customer', email: 'carla@example.com', phone: null });
  expect(history.items).toEqual([
    expect.objectContaining({ serial: serials.phones[0], price: 140, status: 'sold', warranty: 'active' }),
  ]);
  expect(history.summary).toEqual({
    sales: 1,
    itemsBought: 1,
    spent: 140,
    returns: 0,
    warrantiesActive: 1,
    warrantiesEnded: 0,
  });
  await ok(owner, 'POST', '/api/transactions', {
    transactionTypeId: types.Return,
    serials: [serials.phones[0]],
    note: 'screen flickers',
    reason: 'Faulty',
  });
  const after = await ok(manager, 'GET', `/api/customers/${ids.carla}/history`);
  expect(after.returns).toEqual([
    expect.objectContaining({
      serial: serials.phones[0],
      note: 'screen flickers',
      reason: 'Faulty',
      refund: 140,
      itemId: itemId[serials.phones[0]!],
    }),
  ]);
  expect(after.summary.returns).toBe(1);
  expect(after.items[0].status).toBe('returned');
  const dave = await ok(owner, 'GET', `/api/customers/${ids.dave}/history`);
  expect(dave.items[0]).toMatchObject({ serial: serials.cables[1], warranty: 'ended' });
  expect((await call(owner, 'GET', `/api/customers/${crypto.randomUUID()}/history`)).statusCode).toBe(404);
  expect((await call(keeper, 'GET', `/api/customers/${ids.carla}/history`)).statusCode).toBe(403);
});

test('dashboard: a new company’s first steps are done one by one by doing them', async () => {
  const fresh = await registerCompany(ctx.app, 'First Day Co');
  const steps = async () => (await ok(fresh, 'GET', '/api/dashboard')).firstSteps;
  expect(await steps()).toEqual({ received: false, invited: false, labelsSet: false, sold: false });

  const serial = unique('FD');
  // Into the company's own "General" and "Main store": the first reception needs no set-up.
  const { itemType, location } = await defaultCatalogue(ctx.app, fresh);
  await ok(fresh, 'POST', '/api/items/receive', {
    itemTypeId: itemType,
    locationId: location,
    serials: [serial],
    cost: 10,
  });
  expect(await steps()).toEqual({ received: true, invited: false, labelsSet: false, sold: false });

  await ok(fresh, 'POST', '/api/invitations', { email: `${unique('fd')}@example.com`, roles: ['Rapid Seller'] });
  await ok(fresh, 'PUT', '/api/label-settings', { widthMm: 60 });
  expect(await steps()).toEqual({ received: true, invited: true, labelsSet: true, sold: false });

  await ok(fresh, 'POST', '/api/sales', { lines: [{ serial, price: 20 }] });
  expect(await steps()).toEqual({ received: true, invited: true, labelsSet: true, sold: true });
});

test('dashboard: stock, sales per day and week, in process, warranties, plan usage — owner and admin only', async () => {
  const admin = await addUser(ctx.app, owner, ['Admin']);
  const board = await ok(admin, 'GET', '/api/dashboard');
  const today = new Date().toISOString().slice(0, 10);
  expect(board.salesPerDay).toHaveLength(30);
  // The return of the customer-history test above refunded its whole price (140) today.
  expect(board.salesPerDay[29]).toEqual({ start: today, sales: 2, total: 148, refunds: 140, net: 8 });
  expect(board.salesPerDay.slice(0, 29).every((d: { sales: number }) => d.sales === 0)).toBe(true);
  expect(board.salesPerWeek).toHaveLength(12);
  expect(board.salesPerWeek[11]).toMatchObject({ sales: 2, total: 148 });
  expect(new Date(`${board.salesPerWeek[11].start}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
  expect(board.itemsInProcess).toBe(1);
  // the phone back from Carla still has its warranty running (a year), none ends within 30 days
  expect(board.warrantiesEndingIn30Days).toBe(0);
  expect(board.stock.byStatus).toEqual(
    expect.arrayContaining([
      { status: 'in_stock', items: 2 },
      { status: 'in_process', items: 1 },
      { status: 'returned', items: 1 },
      { status: 'sold', items: 1 },
    ]),
  );
  expect(board.stock.held).toBe(4);
  expect(board.stock.byLocation).toEqual([
    { locationId: ids.back, locationName: 'Back room', items: 2 },
    { locationId: ids.shop, locationName: 'Shop', items: 2 },
  ]);
  // Shop and Back room beside the company's own "Main store".
  expect(board.planUsage).toMatchObject({ planType: 1, locations: { used: 3 } });
  expect((await call(owner, 'GET', '/api/dashboard')).statusCode).toBe(200);
  expect((await call(keeper, 'GET', '/api/dashboard')).statusCode).toBe(403);
});

test('task queues: my tasks, and the work my claims let me do', async () => {
  const roles = (await ok(owner, 'GET', '/api/roles')) as Array<{ id: string; name: string }>;
  await ok(owner, 'POST', '/api/tasks', {
    title: 'Check the back room',
    assigneeRoleId: roles.find((r) => r.name === 'Storekeeper')!.id,
  });
  const mine = await ok(keeper, 'GET', '/api/tasks/queues');
  expect(mine.tasks.open).toBe(1);
  expect(mine.tasks.items[0].title).toBe('Check the back room');
  expect(mine.queues.map((q: { key: string }) => q.key)).toEqual(['awaitingProcess', 'incomingTransfers']);
  const awaiting = mine.queues[0];
  // the cable under test and the returned phone
  expect(awaiting.count).toBe(2);
  expect(awaiting.items.map((i: { serial: string }) => i.serial).sort()).toEqual(
    [serials.cables[0], serials.phones[0]].sort(),
  );
  expect(mine.queues[1]).toEqual({ key: 'incomingTransfers', count: 0, items: [] });
  const accounts = await ok(manager, 'GET', '/api/tasks/queues');
  expect(accounts.queues.map((q: { key: string }) => q.key)).toEqual(['expiringWarranties']);
  expect(accounts.tasks.open).toBe(0);
  // the existing list is unchanged
  expect((await ok(keeper, 'GET', '/api/tasks')).items[0].title).toBe('Check the back room');
});

// ── counters ──

/** The counters as the database holds them, and as a recount of items and sales gives them. */
async function countersAndRecount(companyId: string) {
  const norm = (rows: Array<Record<string, unknown>>) => rows.map((r) => JSON.stringify(r)).sort();
  const counters = await ctx.db.query(
    `SELECT item_type_id, brand_id, model, location_id, status, sum(items)::int AS items, sum(cost)::float8 AS cost,
            sum(sale_value)::float8 AS sale_value
       FROM item_counts WHERE company_id = $1 GROUP BY 1, 2, 3, 4, 5
     HAVING sum(items) <> 0 OR sum(cost) <> 0 OR sum(sale_value) <> 0`,
    [companyId],
  );
  const recount = await ctx.db.query(
    `SELECT item_type_id, brand_id, model, location_id, status, count(*)::int AS items,
            coalesce(sum(cost), 0)::float8 AS cost, coalesce(sum(sale_price), 0)::float8 AS sale_value
       FROM items WHERE company_id = $1 GROUP BY 1, 2, 3, 4, 5`,
    [companyId],
  );
  const days = await ctx.db.query(
    `SELECT day::text, sum(sales)::int AS sales, sum(total)::float8 AS total FROM sale_days WHERE company_id = $1
      GROUP BY 1 HAVING sum(sales) <> 0`,
    [companyId],
  );
  const recountDays = await ctx.db.query(
    `SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS sales, sum(total)::float8 AS total
       FROM sales WHERE company_id = $1 AND number IS NOT NULL AND voided_at IS NULL GROUP BY 1`,
    [companyId],
  );
  return { counters: [norm(counters), norm(days)], recount: [norm(recount), norm(recountDays)] };
}

test('the stock and sales counters always equal a recount, after any sequence of operations (fast-check)', async () => {
  const co = await registerCompany(ctx.app, { name: unique('Counters '), premium: true });
  const make = async (url: string, body: object) => (await ok(co, 'POST', url, body)).id as string;
  const typeIds = [
    await make('/api/item-types', { name: 'A', warrantyMonths: 6 }),
    await make('/api/item-types', { name: 'B' }),
  ];
  const locations = [await make('/api/locations', { name: 'L1' }), await make('/api/locations', { name: 'L2' })];
  const brand = await make('/api/brands', { name: 'Br' });
  const customer = await make('/api/customers', { name: 'Cu' });
  const tt = Object.fromEntries(
    (await ok(co, 'GET', '/api/transaction-types')).items.map((t: { name: string; id: string }) => [t.name, t.id]),
  );
  const act = async (method: string, url: string, payload?: unknown) => {
    const res = await call(co, method, url, payload);
    expect({ url, status: res.statusCode < 500 }).toEqual({ url, status: true });
    return res;
  };
  const pool: string[] = [];
  const pick = (n: number) => pool[n % Math.max(1, pool.length)];
  // Any operation may be refused (a sold item cannot be moved…): refusals must change nothing either.
  const receive = fc.record({
    op: fc.constant('receive'),
    n: fc.integer({ min: 1, max: 4 }),
    type: fc.nat(1),
    loc: fc.nat(1),
    branded: fc.boolean(),
    model: fc.constantFrom(null, 'M1', 'M2'),
    cost: fc.option(fc.integer({ min: 0, max: 500 })),
  });
  const operation = fc.oneof(
    receive,
    fc.record({ op: fc.constant('sell'), i: fc.nat(), price: fc.integer({ min: 0, max: 900 }) }),
    // Folding the deltas into their groups (migration 0013; writes also do it now and then) changes no total.
    fc.record({ op: fc.constant('fold') }),
    fc.record({ op: fc.constantFrom('Test', 'Repair', 'Return', 'Scrap'), i: fc.nat() }),
    fc.record({ op: fc.constant('move'), i: fc.nat(), loc: fc.nat(1) }),
    fc.record({ op: fc.constant('status'), i: fc.nat(), to: fc.constantFrom('reserved', 'defective', 'in_stock') }),
    fc.record({
      op: fc.constant('edit'),
      i: fc.nat(),
      cost: fc.integer({ min: 0, max: 999 }),
      model: fc.constantFrom('M1', 'M3'),
    }),
  );
  await fc.assert(
    // Every sequence starts by receiving: the other operations need items, and the runs together
    // must have handled more than ten (below), which random sequences alone did not always do.
    fc.asyncProperty(fc.tuple(receive, fc.array(operation, { maxLength: 11 })), async ([first, rest]) => {
      const ops = [first, ...rest];
      for (const o of ops) {
        if (o.op === 'fold') await inTenant(ctx.db, co.companyId, (q) => q.query(`SELECT stockwise_fold_counters()`));
        else if (o.op === 'receive') {
          const made = await act('POST', '/api/items/receive', {
            itemTypeId: typeIds[o.type],
            locationId: locations[o.loc],
            serials: Array.from({ length: o.n }, () => unique('FC-')),
            brandId: o.branded ? brand : null,
            model: o.model,
            cost: o.cost,
            salePrice: 10,
          });
          pool.push(...made.json().items.map((i: { serial: string }) => i.serial));
        } else if (!pool.length) continue;
        else if (o.op === 'sell')
          await act('POST', '/api/sales', { customerId: customer, lines: [{ serial: pick(o.i), price: o.price }] });
        else if (o.op === 'move')
          await act('POST', '/api/transactions', {
            transactionTypeId: tt.Move,
            serials: [pick(o.i)],
            toLocationId: locations[o.loc],
          });
        else if (o.op === 'status')
          await act('POST', '/api/transactions', {
            transactionTypeId: tt['Change status'],
            serials: [pick(o.i)],
            toStatus: o.to,
          });
        else if (o.op === 'edit') {
          const item = await act('GET', `/api/items/by-serial/${encodeURIComponent(pick(o.i)!)}`);
          await act('PATCH', `/api/items/${item.json().id}`, {
            version: item.json().version,
            cost: o.cost,
            model: o.model,
          });
        } else
          await act('POST', '/api/transactions', { transactionTypeId: tt[o.op], serials: [pick(o.i)], reason: 'fuzz' });
      }
      const { counters, recount } = await countersAndRecount(co.companyId);
      expect(counters).toEqual(recount);
    }),
    { numRuns: 15 },
  );
  expect(pool.length).toBeGreaterThan(10);
  // A fold leaves one row per group and no deltas, with the same totals.
  await inTenant(ctx.db, co.companyId, (q) => q.query(`SELECT stockwise_fold_counters()`));
  const [rows] = await ctx.db.query<{ deltas: number; groups: number; folded: number }>(
    `SELECT (SELECT count(*)::int FROM item_counts WHERE company_id = $1 AND NOT folded)
              + (SELECT count(*)::int FROM sale_days WHERE company_id = $1 AND NOT folded) AS deltas,
            (SELECT count(*)::int FROM (SELECT DISTINCT item_type_id, brand_id, model, location_id, status
                                          FROM item_counts WHERE company_id = $1) g) AS groups,
            (SELECT count(*)::int FROM item_counts WHERE company_id = $1 AND folded) AS folded`,
    [co.companyId],
  );
  expect(rows).toEqual({ deltas: 0, groups: rows!.folded, folded: rows!.folded });
  const { counters, recount } = await countersAndRecount(co.companyId);
  expect(counters).toEqual(recount);
}, 240_000);
