import { seedDemoInventory } from '../src/seed-inventory.js';
import { addUser, bearer, closeShared, registerCompany, testApp, type TestContext } from './helpers.js';

let ctx: TestContext;
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('the demo company gets a real catalogue and a few hundred items with history, through the engine', async () => {
  ctx = await testApp();
  const owner = await registerCompany(ctx.app, { name: 'Demo Check', premium: true });
  const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
  const seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  await seedDemoInventory(ctx.db, owner.companyId, {
    owner: owner.userId,
    storekeeper: keeper.userId,
    seller: seller.userId,
  });
  const get = async (url: string) => (await ctx.app.inject({ url, headers: bearer(owner.token) })).json();

  // The demo's four beside every new company's "Main store" and "General".
  expect((await get('/api/locations')).total).toBe(5);
  expect((await get('/api/brands')).total).toBe(6);
  expect((await get('/api/item-types')).total).toBe(5);
  const statuses = ['in_stock', 'in_process', 'sold', 'returned', 'defective', 'scrapped', 'reserved'];
  let total = 0;
  for (const status of statuses) {
    const page = await get(`/api/items?status=${status}&limit=100`);
    expect({ status, some: page.items.length > 0 }).toEqual({ status, some: true });
    total += page.items.length + (page.nextCursor ? 100 : 0);
  }
  expect(total).toBeGreaterThanOrEqual(200);
  const sales = await get('/api/sales?limit=100');
  expect(sales.items.length).toBeGreaterThan(20);
  const soldOne = (await get('/api/items?status=sold&limit=1')).items[0];
  const history = (await get(`/api/items/${soldOne.id}/history`)).events;
  expect(history.map((e: { kind: string }) => e.kind)).toEqual(['receive', 'move', 'sell']);
  expect(soldOne.warrantyEndsAt).not.toBeNull();
  const tasks = await ctx.app.inject({ url: '/api/tasks', headers: bearer(keeper.token) });
  expect(tasks.json().items.length).toBeGreaterThan(0);
}, 120_000);
