import { readFileSync } from 'node:fs';
import { closeShared, testApp, type TestContext } from './helpers.js';

// The prerendered /pricing shows its prices before the app runs, from the price list the billing
// remote is built with (mfe-billing/src/prerender-price-list.json). A visitor must read there
// what the API sells: the price list a new database is seeded with is that one.

const PRERENDERED = JSON.parse(
  readFileSync(new URL('../../mfe-billing/src/prerender-price-list.json', import.meta.url), 'utf8'),
) as { plans: unknown[]; addons: unknown[] };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

it('the prices /pricing is prerendered with are the plans and add-ons the API serves', async () => {
  const plans = await ctx.app.inject({ url: '/api/subscription/plans' });
  const addons = await ctx.app.inject({ url: '/api/subscription/addons' });
  expect(plans.json()).toEqual(PRERENDERED.plans);
  expect(addons.json()).toEqual(PRERENDERED.addons);
});
