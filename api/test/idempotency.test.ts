import { randomUUID } from 'node:crypto';
import { inTenant } from '../src/db/tenant.js';
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

// A till that lost the network resends its queued sale (and reception) with the key it made on the
// device: whatever the first attempt did — answered, or committed and then lost on the way back —
// the resend must not sell or receive again, and must answer as the first one did.
let ctx: TestContext;
let owner: Tenant;
let seller: Tenant;
let other: Tenant;
let ids: { itemType: string; shop: string };

const call = (who: Tenant, method: string, url: string, payload?: unknown, key?: string) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...bearer(who.token), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Offline Co '), premium: true });
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  other = await registerCompany(ctx.app, { name: unique('Other Co '), premium: true });
  ids = {
    itemType: (await call(owner, 'POST', '/api/item-types', { name: 'Phone' })).json().id,
    shop: (await call(owner, 'POST', '/api/locations', { name: 'Shop' })).json().id,
  };
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

async function inStock(who = owner, location = ids.shop, itemType = ids.itemType) {
  const serial = unique('OFF-');
  const res = await call(who, 'POST', '/api/items/receive', {
    itemTypeId: itemType,
    locationId: location,
    serials: [serial],
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return serial;
}

const salesOf = async (serial: string) => {
  const rows = await inTenant(ctx.app.db, owner.companyId, (q) =>
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sale_lines l JOIN items i ON i.company_id = l.company_id AND i.id = l.item_id
        WHERE i.serial = $1`,
      [serial],
    ),
  );
  return rows[0]!.n;
};

test('the same sale sent twice with one key sells once and answers the first sale both times', async () => {
  const serial = await inStock();
  const key = randomUUID();
  const body = { lines: [{ serial, price: 120 }] };
  const first = await call(seller, 'POST', '/api/sales', body, key);
  expect(first.statusCode).toBe(201);
  const again = await call(seller, 'POST', '/api/sales', body, key);
  expect(again.statusCode).toBe(201);
  expect(again.json()).toEqual(first.json());
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(await salesOf(serial)).toBe(1);
});

test('two sends of one key at the same moment sell once; both get the one sale', async () => {
  const serial = await inStock();
  const key = randomUUID();
  const body = { lines: [{ serial, price: 80 }] };
  const answers = await Promise.all([1, 2].map(() => call(seller, 'POST', '/api/sales', body, key)));
  expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
  expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
  expect(await salesOf(serial)).toBe(1);
});

test('a key reused for a different sale is refused with a clear code, and nothing is sold', async () => {
  const [one, two] = [await inStock(), await inStock()];
  const key = randomUUID();
  expect((await call(seller, 'POST', '/api/sales', { lines: [{ serial: one, price: 1 }] }, key)).statusCode).toBe(201);
  const reused = await call(seller, 'POST', '/api/sales', { lines: [{ serial: two, price: 1 }] }, key);
  expect(reused.statusCode).toBe(422);
  expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  expect(await salesOf(two)).toBe(0);
});

test('a sale refused as a conflict (sold elsewhere meanwhile) keeps its 409 when resent with its key', async () => {
  const serial = await inStock();
  expect((await call(owner, 'POST', '/api/sales', { lines: [{ serial, price: 5 }] })).statusCode).toBe(201);
  const key = randomUUID();
  const queued = await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 5 }] }, key);
  expect(queued.statusCode).toBe(409);
  const resent = await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 5 }] }, key);
  expect(resent.statusCode).toBe(409);
  expect(await salesOf(serial)).toBe(1);
});

test('keys belong to one company: another company’s same key sells its own item', async () => {
  const key = randomUUID();
  const mine = await inStock();
  const theirType = (await call(other, 'POST', '/api/item-types', { name: 'Phone' })).json().id;
  const theirShop = (await call(other, 'POST', '/api/locations', { name: 'Shop' })).json().id;
  const theirs = await inStock(other, theirShop, theirType);
  const a = await call(seller, 'POST', '/api/sales', { lines: [{ serial: mine, price: 1 }] }, key);
  const b = await call(other, 'POST', '/api/sales', { lines: [{ serial: theirs, price: 1 }] }, key);
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  expect(b.json().id).not.toBe(a.json().id);
  expect(b.json().lines[0].serial).toBe(theirs);
});

test('a key that is neither a UUID nor a short token is a 400, nothing sold', async () => {
  const serial = await inStock();
  for (const bad of ['', 'has spaces in it', 'x'.repeat(129), 'ünïcode']) {
    const res = await call(seller, 'POST', '/api/sales', { lines: [{ serial, price: 1 }] }, bad);
    expect(res.statusCode).toBe(400);
  }
  expect(await salesOf(serial)).toBe(0);
});

test('a reception resent with its key receives once and answers the same items', async () => {
  const key = randomUUID();
  const body = { itemTypeId: ids.itemType, locationId: ids.shop, serials: [unique('RCV-'), unique('RCV-')] };
  const first = await call(owner, 'POST', '/api/items/receive', body, key);
  expect(first.statusCode).toBe(201);
  const again = await call(owner, 'POST', '/api/items/receive', body, key);
  expect(again.statusCode).toBe(201);
  expect(again.json().items.map((i: { id: string }) => i.id)).toEqual(
    first.json().items.map((i: { id: string }) => i.id),
  );
  // A sale's key cannot answer a reception (same key, another request).
  const asSale = await call(owner, 'POST', '/api/sales', { lines: [{ serial: body.serials[0], price: 1 }] }, key);
  expect(asSale.statusCode).toBe(422);
});

test('the same key and body sent to another count’s scans is another request: refused, never answered with the first count’s scan', async () => {
  const serial = await inStock();
  // Two counts (one open count a location): the shop's, and the whole company's.
  const open = async (locationId: string | null) => {
    const res = await call(owner, 'POST', '/api/stocktakes', { locationId });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const [first, second] = [await open(ids.shop), await open(null)];
  const key = randomUUID();
  const a = await call(owner, 'POST', `/api/stocktakes/${first}/scans`, { serial }, key);
  expect(a.statusCode).toBe(200);
  // The route pattern and the body are the same; the count is not.
  const b = await call(owner, 'POST', `/api/stocktakes/${second}/scans`, { serial }, key);
  expect(b.statusCode).toBe(422);
  expect(b.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  const counted = async (id: string) => (await call(owner, 'GET', `/api/stocktakes/${id}`)).json().scanned as number;
  expect([await counted(first), await counted(second)]).toEqual([1, 0]);
  // A resend to the first count is still that scan.
  const again = await call(owner, 'POST', `/api/stocktakes/${first}/scans`, { serial }, key);
  expect(again.json()).toEqual(a.json());
});
