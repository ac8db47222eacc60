import { enterAs } from '../src/access/index.js';
import { createSale } from '../src/modules/sales/service.js';
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

// A company's sales must not queue behind each other's commits (issue 10: ≥ 1,000 sales/s): no row
// that every sale of a company updates (the number comes from a sequence, the counters are
// insert-only deltas — migration 0013). PostgreSQL only: PGlite has one connection, so two
// transactions can never be open at once there (scripts/test.mjs runs *.pg.test.ts on PostgreSQL).
if (!process.env.DATABASE_URL) throw new Error('sales.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');

let ctx: TestContext;
let owner: Tenant;
let seller: Tenant;
let itemType: string;
let location: string;

const { call } = callsAs(() => ctx.app);

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: unique('Open Sale Co '), premium: true });
  seller = await addUser(ctx.app, owner, ['Rapid Seller']);
  itemType = (await call(owner, 'POST', '/api/item-types', { name: 'Widget' })).json().id;
  location = (await call(owner, 'POST', '/api/locations', { name: 'Shop' })).json().id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('a sale completes while another sale of the same company (same item type, location, day) is still uncommitted', async () => {
  const [held, other] = [unique('OPEN-'), unique('OPEN-')];
  await call(owner, 'POST', '/api/items/receive', {
    itemTypeId: itemType,
    locationId: location,
    serials: [held, other],
  });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let sold!: () => void;
  const heldSold = new Promise<void>((r) => (sold = r));
  // A sale written in full (number, lines, events, counters) and kept open until the other has answered.
  const open = ctx.db.transaction(async (q) => {
    const access = await enterAs(q, owner.companyId, seller.userId, null);
    const sale = await createSale(
      q,
      { companyId: owner.companyId, userId: seller.userId, access },
      { lines: [{ serial: held, price: 3 }] },
    );
    sold();
    await gate;
    return sale;
  });
  await heldSold;
  try {
    const second = await Promise.race([
      call(seller, 'POST', '/api/sales', { lines: [{ serial: other, price: 4 }] }),
      new Promise<null>((r) => setTimeout(() => r(null), 10_000)),
    ]);
    expect(second?.statusCode).toBe(201);
  } finally {
    release();
  }
  const first = await open;
  expect(first.number).not.toBe(null);
  // both counted: the dashboard's sales of today include both
  const [today] = await ctx.db.query<{ sales: number }>(
    `SELECT sum(sales)::int AS sales FROM sale_days WHERE company_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
    [owner.companyId],
  );
  expect(today!.sales).toBe(2);
}, 60_000);
