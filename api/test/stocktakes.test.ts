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

// A stock-take as a shop runs one: open a count of the shop, two people scan what is on the shelves
// at once (one finds an item that belongs to the back room, one a sold one, one a serial nobody
// knows), close it to see the variance, apply it, and read the result on each item's history.
let ctx: TestContext;
let owner: Tenant;
let keeper: Tenant;
let seller: Tenant;
let other: Tenant;
let ids: { shop: string; back: string; itemType: string };

const { call, ok } = callsAs(() => ctx.app);

async function receive(locationId: string, n: number): Promise<Array<{ id: string; serial: string }>> {
  const serials = Array.from({ length: n }, () => unique('ST-'));
  return (await ok(owner, 'POST', '/api/items/receive', { itemTypeId: ids.itemType, locationId, serials })).items;
}
const item = (id: string) => ok(owner, 'GET', `/api/items/${id}`);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Count Co '), premium: true });
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
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

test('a count of the shop, scanned by two people at once, closed to its variance and applied to each item’s history', async () => {
  const [a, b, c, d, sold] = await receive(ids.shop, 5);
  const [misplaced] = await receive(ids.back, 1);
  await ok(owner, 'POST', '/api/sales', { lines: [{ serial: sold!.serial, price: 10 }] });

  const opened = await call(keeper, 'POST', '/api/stocktakes', { locationId: ids.shop, note: 'Month end' });
  expect(opened.statusCode).toBe(201);
  const count = opened.json();
  expect(count).toMatchObject({ locationName: 'Main store', state: 'counting', scanned: 0, found: null });
  // one count of a location at a time
  expect((await call(owner, 'POST', '/api/stocktakes', { locationId: ids.shop })).statusCode).toBe(409);

  const scan = (who: Tenant, serial: string, key = unique('scan-')) =>
    call(who, 'POST', `/api/stocktakes/${count.id}/scans`, { serial }, { 'idempotency-key': key });
  // Two phones at once; both scan b (it counts once), each scans its own shelf.
  const answers = await Promise.all([
    scan(keeper, a!.serial),
    scan(owner, c!.serial),
    scan(keeper, b!.serial),
    scan(owner, ` ${b!.serial.toLowerCase()} `),
    scan(keeper, misplaced!.serial),
    scan(owner, sold!.serial),
    scan(keeper, 'NOBODY-KNOWS-ME'),
  ]);
  expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  const [found, , bOnce, bTwice, elsewhere, wasSold, unknown] = answers.map((r) => r.json());
  expect(found).toMatchObject({ serial: a!.serial, outcome: 'found', itemId: a!.id, repeated: false });
  expect([bOnce.repeated, bTwice.repeated].sort()).toEqual([false, true]);
  expect(elsewhere).toMatchObject({ outcome: 'elsewhere', locationName: 'Back room' });
  expect(wasSold.outcome).toBe('sold');
  expect(unknown).toMatchObject({ outcome: 'unknown', itemId: null });

  // The same scan resent (its key again): the first answer, nothing counted twice.
  const key = unique('scan-');
  const first = await scan(keeper, 'LATE-1', key);
  const again = await scan(keeper, 'LATE-1', key);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json()).toEqual(first.json());
  const now = await ok(owner, 'GET', `/api/stocktakes/${count.id}`);
  expect(now.scanned).toBe(7); // a, b, c, misplaced, sold, two unknown
  expect(now.recent[0].serial).toBe('LATE-1');

  // Paused: no scan until it is resumed.
  await ok(keeper, 'POST', `/api/stocktakes/${count.id}/pause`);
  const whilePaused = await scan(keeper, d!.serial);
  expect(whilePaused.statusCode).toBe(409);
  expect(whilePaused.json().code).toBe('STOCKTAKE_STATE');
  expect((await call(keeper, 'POST', `/api/stocktakes/${count.id}/pause`)).statusCode).toBe(409);
  expect((await call(keeper, 'GET', `/api/stocktakes/${count.id}/variance`)).statusCode).toBe(409);
  await ok(keeper, 'POST', `/api/stocktakes/${count.id}/resume`);
  expect((await ok(owner, 'GET', `/api/stocktakes/${count.id}`)).state).toBe('counting');

  // Closed: d was never scanned.
  const closed = await ok(keeper, 'POST', `/api/stocktakes/${count.id}/close`);
  expect(closed).toMatchObject({ state: 'closed', found: 3, missing: 1, unexpected: 4 });
  expect((await scan(owner, d!.serial)).statusCode).toBe(409);
  const variance = await ok(owner, 'GET', `/api/stocktakes/${count.id}/variance?limit=100`);
  const by = (outcome: string) =>
    variance.items
      .filter((l: { outcome: string }) => l.outcome === outcome)
      .map((l: { serial: string }) => l.serial)
      .sort();
  expect(by('found')).toEqual([a!.serial, b!.serial, c!.serial].sort());
  expect(by('missing')).toEqual([d!.serial]);
  expect(by('elsewhere')).toEqual([misplaced!.serial]);
  expect(by('sold')).toEqual([sold!.serial]);
  expect(by('unknown')).toEqual(['LATE-1', 'NOBODY-KNOWS-ME']);
  const missingOnly = await ok(owner, 'GET', `/api/stocktakes/${count.id}/variance?outcome=missing`);
  expect(missingOnly.items).toEqual([expect.objectContaining({ serial: d!.serial, locationName: 'Main store' })]);
  // paged: two lines a page, each line once
  const paged: string[] = [];
  for (let cursor: string | null = ''; cursor !== null;) {
    const page = await ok(
      owner,
      'GET',
      `/api/stocktakes/${count.id}/variance?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    paged.push(...page.items.map((l: { serial: string }) => l.serial));
    cursor = page.nextCursor;
  }
  expect(paged.sort()).toEqual(variance.items.map((l: { serial: string }) => l.serial).sort());

  const applied = await ok(keeper, 'POST', `/api/stocktakes/${count.id}/apply`);
  expect(applied).toMatchObject({ lost: 1, moved: 1, skipped: 0, stocktake: { state: 'applied' } });
  expect((await call(keeper, 'POST', `/api/stocktakes/${count.id}/apply`)).statusCode).toBe(409);
  expect((await item(d!.id)).status).toBe('lost');
  expect((await item(misplaced!.id)).locationId).toBe(ids.shop);
  expect((await item(a!.id)).version).toBe(1); // found where it belongs: untouched
  expect((await item(sold!.id)).status).toBe('sold');
  const history = (await ok(owner, 'GET', `/api/items/${d!.id}/history`)).events;
  expect(history.at(-1)).toMatchObject({
    kind: 'stocktake',
    stocktakeId: count.id,
    fromStatus: 'in_stock',
    toStatus: 'lost',
    note: 'Month end',
    userName: keeper.userName,
  });
  const moved = (await ok(owner, 'GET', `/api/items/${misplaced!.id}/history`)).events.at(-1);
  expect(moved).toMatchObject({ kind: 'stocktake', fromLocationId: ids.back, toLocationId: ids.shop });

  // The tracking report lists what the count did, as its own kind of event.
  const tracking = await ok(owner, 'GET', '/api/reports/tracking?kind=stocktake');
  expect(tracking.items.map((e: { serial: string }) => e.serial).sort()).toEqual([d!.serial, misplaced!.serial].sort());

  // Listed with its variance (and as CSV)
  const list = await ok(owner, 'GET', '/api/stocktakes');
  expect(list.items[0]).toMatchObject({
    id: count.id,
    state: 'applied',
    scanned: 7,
    found: 3,
    missing: 1,
    unexpected: 4,
  });
  const csv = await call(owner, 'GET', '/api/stocktakes?format=csv');
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.body).toContain(count.id);
  const lines = await call(owner, 'GET', `/api/stocktakes/${count.id}/variance?format=csv`);
  expect(lines.body.trim().split('\r\n')).toHaveLength(1 + variance.items.length);

  // The lost item turns up in the next count: applying brings it back in stock.
  const next = await ok(owner, 'POST', '/api/stocktakes', { locationId: ids.shop });
  const turnedUp = await call(owner, 'POST', `/api/stocktakes/${next.id}/scans`, { serial: d!.serial });
  expect(turnedUp.json().outcome).toBe('elsewhere');
  await ok(owner, 'POST', `/api/stocktakes/${next.id}/close`);
  const back = await ok(owner, 'POST', `/api/stocktakes/${next.id}/apply`);
  expect(back.moved).toBe(1);
  expect(await item(d!.id)).toMatchObject({ status: 'in_stock', locationId: ids.shop });
}, 120_000);

test('a count of every location: nothing is elsewhere; an item sold after closing is not marked lost', async () => {
  const [kept, soldLater] = await receive(ids.back, 2);
  const all = await ok(owner, 'POST', '/api/stocktakes', {});
  expect(all.locationId).toBeNull();
  expect((await call(owner, 'POST', '/api/stocktakes', { locationId: null })).statusCode).toBe(409);
  const res = await call(owner, 'POST', `/api/stocktakes/${all.id}/scans`, { serial: kept!.serial });
  expect(res.json().outcome).toBe('found');
  await ok(owner, 'POST', `/api/stocktakes/${all.id}/close`);
  await ok(owner, 'POST', '/api/sales', { lines: [{ serial: soldLater!.serial, price: 10 }] });
  const applied = await ok(owner, 'POST', `/api/stocktakes/${all.id}/apply`);
  expect(applied.skipped).toBeGreaterThanOrEqual(1);
  expect((await item(soldLater!.id)).status).toBe('sold');
  expect((await item(kept!.id)).status).toBe('in_stock');
}, 120_000);

test('bad input is a 400 and writes nothing; a role without stock.count may not count', async () => {
  const before = (await ok(owner, 'GET', '/api/stocktakes')).total;
  expect((await call(owner, 'POST', '/api/stocktakes', { locationId: 'nope' })).statusCode).toBe(400);
  const otherLocation = (await defaultCatalogue(ctx.app, other)).location;
  expect((await call(owner, 'POST', '/api/stocktakes', { locationId: otherLocation })).statusCode).toBe(400);
  expect((await call(owner, 'POST', '/api/stocktakes', { extra: 1 })).statusCode).toBe(400);
  expect((await ok(owner, 'GET', '/api/stocktakes')).total).toBe(before);
  expect((await call(seller, 'POST', '/api/stocktakes', { locationId: ids.back })).statusCode).toBe(403);
  expect((await call(seller, 'GET', '/api/stocktakes')).statusCode).toBe(403);
  const count = await ok(keeper, 'POST', '/api/stocktakes', { locationId: ids.back });
  for (const serial of ['', '   ', 'a\u0000b', 'x'.repeat(101)])
    expect((await call(keeper, 'POST', `/api/stocktakes/${count.id}/scans`, { serial })).statusCode).toBe(400);
  expect((await call(keeper, 'GET', `/api/stocktakes/${count.id}/variance?outcome=lost`)).statusCode).toBe(400);
  expect((await ok(owner, 'GET', `/api/stocktakes/${count.id}`)).scanned).toBe(0);
  await ok(keeper, 'POST', `/api/stocktakes/${count.id}/close`);
});

test('another company sees none of it: 404 on the count, nothing in its list, its scans not recorded', async () => {
  const count = await ok(owner, 'POST', '/api/stocktakes', { locationId: ids.back, note: 'Secret shelf' });
  for (const [method, url, body] of [
    ['GET', `/api/stocktakes/${count.id}`],
    ['GET', `/api/stocktakes/${count.id}/variance`],
    ['POST', `/api/stocktakes/${count.id}/scans`, { serial: 'X' }],
    ['POST', `/api/stocktakes/${count.id}/pause`],
    ['POST', `/api/stocktakes/${count.id}/close`],
    ['POST', `/api/stocktakes/${count.id}/apply`],
  ] as Array<[string, string, object?]>)
    expect({ url, status: (await call(other, method, url, body)).statusCode }).toEqual({ url, status: 404 });
  const theirs = await ok(other, 'GET', '/api/stocktakes');
  expect(JSON.stringify(theirs)).not.toContain('Secret shelf');
  expect(await ok(owner, 'GET', `/api/stocktakes/${count.id}`)).toMatchObject({ state: 'counting', scanned: 0 });
});
