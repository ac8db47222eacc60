import { addUser, callsAs, closeShared, registerCompany, testApp, type Tenant, type TestContext } from './helpers.js';

// A new owner's first day: the company starts with one location and one item type, so the first
// reception needs no set-up; both are ordinary rows, renamed and removed under the usual rules.
let ctx: TestContext;

const { call } = callsAs(() => ctx.app);
const list = async (who: Tenant, url: string) => (await call(who, 'GET', url)).json().items as Array<{ id: string }>;

beforeAll(async () => {
  ctx = await testApp();
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('a new company has the location "Main store" and the item type "General", and the Free plan’s one location is it', async () => {
  const owner = await registerCompany(ctx.app);
  expect(await list(owner, '/api/locations')).toEqual([
    expect.objectContaining({ name: 'Main store', kind: 'store', parentId: null, active: true }),
  ]);
  expect(await list(owner, '/api/item-types')).toEqual([
    expect.objectContaining({ name: 'General', serialRequired: true, warrantyMonths: 0, fields: [], active: true }),
  ]);
  const usage = (await call(owner, 'GET', '/api/billing/usage')).json();
  expect(usage.locations).toEqual({ used: 1, max: 1 });
  const second = await call(owner, 'POST', '/api/locations', { name: 'Back room' });
  expect(second.statusCode).toBe(403);
  expect(second.json().code).toBe('PLAN_LIMIT_LOCATIONS');
});

test('the first reception needs no set-up: a New Item Operator receives into the defaults', async () => {
  const owner = await registerCompany(ctx.app);
  const operator = await addUser(ctx.app, owner, ['New Item Operator']);
  const [location] = await list(operator, '/api/locations');
  const [itemType] = await list(operator, '/api/item-types');
  const received = await call(operator, 'POST', '/api/items/receive', {
    itemTypeId: itemType!.id,
    locationId: location!.id,
    serials: ['FIRST-0001', 'FIRST-0002'],
  });
  expect(received.statusCode).toBe(201);
  expect(received.json().items).toEqual([
    expect.objectContaining({ serial: 'FIRST-0001', status: 'in_stock' }),
    expect.objectContaining({ serial: 'FIRST-0002', status: 'in_stock' }),
  ]);
  const items = (await call(owner, 'GET', '/api/items')).json().items;
  expect(items).toHaveLength(2);
  expect(items[0]).toMatchObject({ locationName: 'Main store', itemTypeName: 'General' });
});

test('the defaults are renamed like any other; unused they can be deleted, in use they cannot', async () => {
  const owner = await registerCompany(ctx.app);
  const [location] = await list(owner, '/api/locations');
  const [itemType] = await list(owner, '/api/item-types');
  const renamed = await call(owner, 'PUT', `/api/locations/${location!.id}`, { name: 'Ana mağaza' });
  expect(renamed.statusCode).toBe(200);
  expect(renamed.json()).toMatchObject({ name: 'Ana mağaza', kind: 'store' });
  const retyped = await call(owner, 'PUT', `/api/item-types/${itemType!.id}`, { name: 'Phones' });
  expect(retyped.json()).toMatchObject({ name: 'Phones' });

  const received = await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: itemType!.id,
    locationId: location!.id,
    serials: ['USED-0001'],
  });
  expect(received.statusCode).toBe(201);
  expect((await call(owner, 'DELETE', `/api/item-types/${itemType!.id}`)).statusCode).toBe(409);
  expect((await call(owner, 'DELETE', `/api/locations/${location!.id}`)).statusCode).toBe(409);

  // An owner who wants other names from the start deletes the unused defaults and makes their own.
  const fresh = await registerCompany(ctx.app);
  const [freshLocation] = await list(fresh, '/api/locations');
  const [freshType] = await list(fresh, '/api/item-types');
  expect((await call(fresh, 'DELETE', `/api/locations/${freshLocation!.id}`)).statusCode).toBe(204);
  expect((await call(fresh, 'DELETE', `/api/item-types/${freshType!.id}`)).statusCode).toBe(204);
  expect((await call(fresh, 'POST', '/api/locations', { name: 'Depo' })).statusCode).toBe(201);
  expect(await list(fresh, '/api/item-types')).toEqual([]);
});
