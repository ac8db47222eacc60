import {
  bearer,
  closeShared,
  defaultCatalogue,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// Finding an item by any part of its serial (a storekeeper types the last digits, or a piece from
// the middle), as the item list, item history search and every serial picker ask GET /api/items.
let ctx: TestContext;
let owner: Tenant;
let rival: Tenant;

const call = (who: Tenant, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
const serialsOf = (res: { json(): { items: Array<{ serial: string }> } }) => res.json().items.map((i) => i.serial);

const places = new Map<Tenant, { itemTypeId: string; locationId: string }>();
async function stock(who: Tenant, serials: string[], extra: object = {}) {
  const made = async (url: string, body: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(who.token), payload: body });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  if (!places.has(who))
    places.set(who, {
      itemTypeId: await made('/api/item-types', { name: unique('Type '), warrantyMonths: 0, fields: [] }),
      // A free plan has one location: the company's own.
      locationId: (await defaultCatalogue(ctx.app, who)).location,
    });
  const { itemTypeId, locationId } = places.get(who)!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/items/receive',
    headers: bearer(who.token),
    payload: { itemTypeId, locationId, serials, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`receive: ${res.statusCode} ${res.body}`);
}

// A stem unique to this run keeps the assertions exact on a shared database (PostgreSQL).
const stem = unique('').toUpperCase().slice(0, 8);
const mine = [`SN-${stem}-7731`, `SN-${stem}-4412`, `AB${stem}XQ9Z`];

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, 'Fragment Co');
  rival = await registerCompany(ctx.app, 'Rival Co');
  await stock(owner, mine, { model: 'Nova Pro', sku: `SKU-${stem}` });
  // The other tenant holds a serial with the very same fragments.
  await stock(rival, [`ZZ-${stem}-7731`]);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('the last four characters of a serial find the item, in any letter case', async () => {
  expect(serialsOf(await call(owner, '/api/items?search=7731'))).toContain(mine[0]);
  const lower = serialsOf(await call(owner, `/api/items?search=${`${stem}-7731`.toLowerCase()}`));
  expect(lower).toEqual([mine[0]]);
  expect(serialsOf(await call(owner, '/api/items?search=q9z'))).toEqual([mine[2]]);
});

test('a fragment from the middle of a serial finds it; the fragment is taken literally', async () => {
  const middle = stem.slice(2, 6);
  expect(serialsOf(await call(owner, `/api/items?search=${middle}`)).sort()).toEqual([...mine].sort());
  expect(serialsOf(await call(owner, `/api/items?search=${stem}-44`))).toEqual([mine[1]]);
  // LIKE's wildcards mean themselves: "%" and "_" match no serial here.
  expect(serialsOf(await call(owner, `/api/items?search=${encodeURIComponent(`${stem}%7731`)}`))).toEqual([]);
  expect(serialsOf(await call(owner, `/api/items?search=${encodeURIComponent(`${stem}_7731`)}`))).toEqual([]);
});

test('another company’s items are never found, whatever the fragment', async () => {
  const found = serialsOf(await call(owner, `/api/items?search=${stem}-7731`));
  expect(found).toEqual([mine[0]]);
  expect(serialsOf(await call(rival, `/api/items?search=${stem}`))).toEqual([`ZZ-${stem}-7731`]);
  expect(serialsOf(await call(rival, '/api/items?search=q9z'))).not.toContain(mine[2]);
});

test('model and SKU fragments still find items; one or two characters are the start of a serial', async () => {
  expect(serialsOf(await call(owner, `/api/items?search=${`KU-${stem}`.toLowerCase()}`)).sort()).toEqual(
    [...mine].sort(),
  );
  expect(serialsOf(await call(owner, '/api/items?search=ova%20p'))).toEqual(expect.arrayContaining(mine));
  expect(serialsOf(await call(owner, '/api/items?search=ab'))).toEqual([mine[2]]);
  expect(serialsOf(await call(owner, '/api/items?search=31'))).toEqual([]);
});

test('a fragment search pages by keyset: every match exactly once, in order', async () => {
  const tail = unique('').slice(0, 6).toUpperCase();
  const serials = Array.from({ length: 11 }, (_, i) => `P${String(i).padStart(2, '0')}-${tail}-END`);
  await stock(owner, serials);
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await call(
      owner,
      `/api/items?search=${tail.toLowerCase()}-e&sort=serial_asc&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    seen.push(...serialsOf(res));
    cursor = res.json().nextCursor;
    pages++;
  } while (cursor && pages < 10);
  expect(seen).toEqual(serials);
  expect(pages).toBe(3);
});

test('a corrected serial is found by its new fragments, no longer by the old ones', async () => {
  const old = `OLD-${unique('').slice(0, 8).toUpperCase()}`;
  await stock(owner, [old]);
  const item = (await call(owner, `/api/items?search=${old}`)).json().items[0] as { id: string; version: number };
  const fixed = `NEW-${unique('').slice(0, 8).toUpperCase()}`;
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/items/${item.id}`,
    headers: bearer(owner.token),
    payload: { version: item.version, serial: fixed },
  });
  expect(res.statusCode).toBe(200);
  expect(serialsOf(await call(owner, `/api/items?search=${fixed.slice(-5)}`))).toEqual([fixed]);
  expect(serialsOf(await call(owner, `/api/items?search=${old.slice(-5)}`))).toEqual([]);
});

test('odd fragments are answered, never a 5xx: backslashes, control and non-Latin characters', async () => {
  for (const odd of ['\\', '\\\\x', 'a\\%', '\u001f77', `${stem}\u001f`, 'Çağ', '🙂🙂🙂', ' 7731 ', "'; --"]) {
    const res = await call(owner, `/api/items?search=${encodeURIComponent(odd)}`);
    expect({ odd, status: res.statusCode }).toEqual({ odd, status: 200 });
  }
  expect(serialsOf(await call(owner, `/api/items?search=${encodeURIComponent(' 7731 ')}`))).toContain(mine[0]);
});

test('a fragment search pages newest or oldest first: every match once, reception by reception', async () => {
  const tail = unique('').slice(0, 6).toUpperCase();
  // Three receptions, one after the other: each has its own received time.
  const batches = [0, 1, 2].map((b) => [0, 1, 2].map((k) => `R${b}${k}-${tail}-MID`));
  for (const batch of batches) await stock(owner, batch);
  const pages = async (query: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let count = 0;
    do {
      const res = await call(owner, `/api/items?search=${tail}-m&limit=4${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...serialsOf(res));
      cursor = res.json().nextCursor;
      count++;
    } while (cursor && count < 10);
    return { seen, count };
  };
  const inBatches = (seen: string[]) => [seen.slice(0, 3), seen.slice(3, 6), seen.slice(6)].map((b) => [...b].sort());

  const newest = await pages('&sort=received_desc&status=in_stock');
  expect(newest.count).toBe(3);
  expect(newest.seen).toHaveLength(9);
  expect(inBatches(newest.seen)).toEqual([...batches].reverse());
  // Without a filter on the items the search function itself cuts each page after the cursor.
  expect((await pages('&sort=received_desc')).seen).toEqual(newest.seen);
  const oldest = await pages('&sort=received_asc');
  expect(oldest.seen).toEqual([...newest.seen].reverse());
  expect((await pages('&status=sold')).seen).toEqual([]);
});
