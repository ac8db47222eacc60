import { inTenant } from '../src/db/tenant.js';
import { bearer, closeShared, registerCompany, testApp, type Tenant, type TestContext } from './helpers.js';

// What a read costs PostgreSQL per request (issue 23): the driver prepares every statement once per
// connection (db/postgres.ts), and a list's statement must then be served by its cached generic
// plan. When a page's size was a parameter, the planner's generic plan guessed a big page and chose
// hash joins over the whole company, so PostgreSQL planned the list afresh on every request — more
// time planning than running it. One pooled connection here, so every request and the check below
// meet the same prepared statements.
if (!process.env.DATABASE_URL) throw new Error('request-cost.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');
process.env.DATABASE_POOL_SIZE = '1';

let ctx: TestContext;
let owner: Tenant;

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { premium: true });
  // Enough rows that a plan over the whole company costs visibly more than one that reads a page.
  const { id: itemType } = (await call('POST', '/api/item-types', { name: 'Widget' })).json();
  const { id: location } = (await call('POST', '/api/locations', { name: 'Shop' })).json();
  await inTenant(ctx.db, owner.companyId, (q) =>
    q.query(
      `INSERT INTO items (company_id, serial, item_type_id, location_id, status, cost, sale_price, received_at)
       SELECT $1, 'RC-' || g, $2, $3, 'in_stock', 10, 15, now() - make_interval(mins => g) FROM generate_series(1, 5000) g`,
      [owner.companyId, itemType, location],
    ),
  );
  await ctx.db.query('ANALYZE items');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

/** The plans PostgreSQL made for this connection's prepared statement whose text contains `marker`. */
async function plansOf(marker: string) {
  const rows = await ctx.db.query<{ generic: number; custom: number }>(
    `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement ILIKE '%' || $1 || '%' AND statement NOT LIKE '%pg_prepared_statements%'`,
    [marker],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

test('the item list is planned a few times, then served by its cached plan', async () => {
  for (let i = 0; i < 12; i++) {
    const res = await call('GET', '/api/items?limit=50');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(50);
  }
  const plans = await plansOf('JOIN item_types t');
  expect(plans.generic + plans.custom).toBe(12);
  // PostgreSQL tries five custom plans before it weighs the generic one.
  expect(plans.custom).toBeLessThanOrEqual(5);
});
