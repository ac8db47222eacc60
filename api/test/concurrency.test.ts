import { APP_ROLE } from '../src/db/migrations.js';
import { inTenant } from '../src/db/tenant.js';
import {
  addUser,
  callsAs,
  closeShared,
  defaultCatalogue,
  DRIVER,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// On PostgreSQL the requests below really run at once (a pool of connections, row locks decide).
// On PGlite there is one connection and transactions are queued (db/pglite.ts): the same tests
// then check that the serialized outcome is the same — they cannot show a race there.
let ctx: TestContext;
let owner: Tenant;
let seller: Tenant;
let keeper: Tenant;
let itemType: string;
let locations: string[];
let moveType: string;

const { call } = callsAs(() => ctx.app);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: 'Race Co', premium: true });
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  itemType = (await call(owner, 'POST', '/api/item-types', { name: 'Widget', warrantyMonths: 24 })).json().id;
  locations = [];
  for (const name of ['North', 'South', 'East'])
    locations.push((await call(owner, 'POST', '/api/locations', { name })).json().id);
  moveType = (await call(owner, 'GET', '/api/transaction-types'))
    .json()
    .items.find((t: { name: string }) => t.name === 'Move').id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test(`100 parallel sales of one serial: exactly one 201, 99 × 409, one sold event, one sale line (${DRIVER})`, async () => {
  const serial = unique('RACE-');
  const received = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: itemType,
    locationId: locations[0],
    serials: [serial],
  });
  const itemId = received.json().items[0].id;
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 100 + i }] })),
  );
  const statuses = answers.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(99);
  for (const r of answers.filter((x) => x.statusCode === 409))
    expect(r.json().message).toContain(`${serial}: sold items cannot be sold`);
  const [counts] = await ctx.db.query<{ sold: number; lines: number; version: number }>(
    `SELECT (SELECT count(*)::int FROM item_events WHERE item_id = $1 AND kind = 'sell') AS sold,
            (SELECT count(*)::int FROM sale_lines WHERE item_id = $1) AS lines,
            (SELECT version FROM items WHERE id = $1) AS version`,
    [itemId],
  );
  expect(counts).toEqual({ sold: 1, lines: 1, version: 2 });
  const winner = answers.find((r) => r.statusCode === 201)!.json();
  const item = (await call(owner, 'GET', `/api/items/${itemId}`)).json();
  expect(item.salePrice).toBe(winner.total);
}, 120_000);

test(`50 parallel moves of overlapping batches: every item's event chain matches its final state (${DRIVER})`, async () => {
  const serials = Array.from({ length: 20 }, () => unique('MV-'));
  const items = (
    await call(owner, 'POST', '/api/items/receive', { itemTypeId: itemType, locationId: locations[0], serials })
  ).json().items as Array<{ id: string }>;
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => {
      const batch = items.filter(() => random() < 0.3).map((i) => i.id);
      const to = locations[Math.floor(random() * locations.length)];
      return call(keeper, 'POST', '/api/transactions', {
        transactionTypeId: moveType,
        itemIds: batch.length ? batch : [items[0]!.id],
        toLocationId: to,
      });
    }),
  );
  const statuses = answers.map((r) => r.statusCode);
  expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
  expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
  // a refused batch wrote nothing: every event belongs to an accepted batch
  const accepted = answers
    .filter((r) => r.statusCode === 201)
    .flatMap((r) => r.json().events.map((e: { id: string }) => e.id));
  const [moves] = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM item_events WHERE item_id = ANY($1::uuid[]) AND kind = 'move'`,
    [items.map((i) => i.id)],
  );
  expect(moves!.n).toBe(accepted.length);
  for (const { id } of items) {
    const events = (await call(owner, 'GET', `/api/items/${id}/history`)).json().events as Array<{
      version: number;
      fromLocationId: string | null;
      toLocationId: string;
    }>;
    const item = (await call(owner, 'GET', `/api/items/${id}`)).json();
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    for (let i = 1; i < events.length; i++) {
      expect(events[i]!.fromLocationId).toBe(events[i - 1]!.toLocationId);
      expect(events[i]!.toLocationId).not.toBe(events[i]!.fromLocationId);
    }
    expect(events[events.length - 1]!.toLocationId).toBe(item.locationId);
    expect(item.version).toBe(events.length);
  }
}, 120_000);

test(`40 parallel sales of different items: 40 × 201, numbers unique per company; another company numbers from 1 (${DRIVER})`, async () => {
  const serials = Array.from({ length: 40 }, () => unique('NUM-'));
  await call(owner, 'POST', '/api/items/receive', { itemTypeId: itemType, locationId: locations[0], serials });
  const answers = await Promise.all(
    serials.map((serial) => call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 5 }] })),
  );
  expect(answers.map((r) => r.statusCode)).toEqual(serials.map(() => 201));
  const numbers = answers.map((r) => r.json().number as number);
  expect(new Set(numbers).size).toBe(40);
  expect(numbers.every((n) => Number.isInteger(n) && n >= 1)).toBe(true);
  // Numbers follow the order sales took them: a later sale (after all these committed) gets a higher one.
  const later = unique('NUM-');
  await call(owner, 'POST', '/api/items/receive', { itemTypeId: itemType, locationId: locations[0], serials: [later] });
  const next = await call(seller, 'POST', '/api/sales', { lines: [{ serial: later, price: 5 }] });
  expect(next.json().number).toBeGreaterThan(Math.max(...numbers));
  // A refused sale (already sold) takes no number: the next one follows directly.
  expect((await call(seller, 'POST', '/api/sales', { lines: [{ serial: later, price: 5 }] })).statusCode).toBe(409);
  const after = unique('NUM-');
  await call(owner, 'POST', '/api/items/receive', { itemTypeId: itemType, locationId: locations[0], serials: [after] });
  const third = await call(seller, 'POST', '/api/sales', { lines: [{ serial: after, price: 5 }] });
  expect(third.json().number).toBe(next.json().number + 1);

  const other = await registerCompany(ctx.app, unique('Numbers Co '));
  const type = (await call(other, 'POST', '/api/item-types', { name: 'Thing' })).json().id;
  const { location } = await defaultCatalogue(ctx.app, other);
  const own = unique('NUM-');
  await call(other, 'POST', '/api/items/receive', { itemTypeId: type, locationId: location, serials: [own] });
  const first = await call(other, 'POST', '/api/sales', { lines: [{ serial: own, price: 1 }] });
  expect({ status: first.statusCode, number: first.json().number }).toEqual({ status: 201, number: 1 });
}, 120_000);

test('history is append-only: the app role cannot UPDATE or DELETE an event, and neither can the owner', async () => {
  const [item] = (
    await call(owner, 'POST', '/api/items/receive', {
      itemTypeId: itemType,
      locationId: locations[0],
      serials: [unique('H-')],
    })
  ).json().items;
  const attempt = (statement: string, asApp: boolean) =>
    asApp
      ? inTenant(ctx.db, owner.companyId, (q) => q.query(statement, [item.id]))
      : ctx.db.transaction((q) => q.query(statement, [item.id]));
  for (const asApp of [true, false]) {
    await expect(attempt(`UPDATE item_events SET note = 'rewritten' WHERE item_id = $1`, asApp)).rejects.toThrow(
      asApp ? /permission denied/ : /append-only/,
    );
    await expect(attempt(`DELETE FROM item_events WHERE item_id = $1`, asApp)).rejects.toThrow(
      asApp ? /permission denied/ : /append-only/,
    );
  }
  const rows = await inTenant(ctx.db, owner.companyId, (q) =>
    q.query<{ note: string | null }>(`SELECT note FROM item_events WHERE item_id = $1`, [item.id]),
  );
  expect(rows).toEqual([{ note: null }]);
  const [grants] = await ctx.db.query<{ update: boolean; del: boolean; insert: boolean }>(
    `SELECT has_table_privilege($1, 'item_events', 'UPDATE') AS update, has_table_privilege($1, 'item_events', 'DELETE') AS del,
            has_table_privilege($1, 'item_events', 'INSERT') AS insert`,
    [APP_ROLE],
  );
  expect(grants).toEqual({ update: false, del: false, insert: true });
});

test(`statements of one transaction sent at once each get their own rows, as a CSV reception checks its catalogue (${DRIVER})`, async () => {
  // On PGlite the four go through one connection: each must still answer its own statement
  // (a CSV reception looks up types, locations, brands and vendors at once, and a mixed-up
  // answer refused every row's item type).
  const [types, places, numbers, words] = await inTenant(ctx.db, owner.companyId, (q) =>
    Promise.all([
      q.query<{ name: string }>('SELECT name FROM item_types ORDER BY name'),
      q.query<{ name: string }>('SELECT name FROM locations ORDER BY name'),
      q.query<{ n: number }>('SELECT n FROM generate_series(1, 3) AS n'),
      q.query<{ word: string }>("SELECT 'only' AS word"),
    ]),
  );
  expect(types.map((t) => t.name)).toContain('Widget');
  expect(places.map((p) => p.name)).toEqual(expect.arrayContaining(['North', 'South', 'East']));
  expect(numbers.map((r) => r.n)).toEqual([1, 2, 3]);
  expect(words).toEqual([{ word: 'only' }]);
});
