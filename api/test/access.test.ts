import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { inWorkTransaction, permit } from '../src/access/index.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import {
  addUser,
  bearer,
  callsAs,
  closeShared,
  defaultCatalogue,
  registerCompany,
  testApp,
  type Tenant,
  type TestContext,
} from './helpers.js';

// One transaction per request: the access check (roles and claims read from the database) joins
// the request's work transaction on the routes that ask for it, and still decides before any work.
let ctx: TestContext;
let app: FastifyInstance;
let owner: Tenant;
let transactions = 0;
let catalogue: { itemTypeId: string; locationId: string };

const { call } = callsAs(() => app);

beforeAll(async () => {
  ctx = await testApp();
  // The same database, counted: every transaction the app opens goes through here.
  const counted: Database = {
    ...ctx.db,
    transaction: (fn, opening) => {
      transactions++;
      return ctx.db.transaction(fn, opening);
    },
  };
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, LOG_LEVEL: 'silent' }),
    db: counted,
    logger: false,
  });
  // A route that opts in to the check in its work transaction but answers without one.
  await app.register(async (scope) => {
    scope.addHook('onRequest', scope.authenticate);
    scope.addHook('onRequest', inWorkTransaction);
    scope.get(
      '/api/test-forgot-the-transaction',
      { schema: { tags: ['test'], ...permit('items.view') } },
      async () => ({ ok: true }),
    );
  });
  await app.ready();
  owner = await registerCompany(app);
  const made = async (url: string, payload: object) => (await call(owner, 'POST', url, payload)).json().id as string;
  catalogue = {
    itemTypeId: await made('/api/item-types', { name: 'Phone', warrantyMonths: 12 }),
    // The new company's own location: the Free plan has room for that one only.
    locationId: (await defaultCatalogue(app, owner)).location,
  };
}, 120_000);
afterAll(async () => {
  await app.close();
  await ctx.close();
  await closeShared();
});

async function counting(fn: () => Promise<unknown>): Promise<number> {
  const before = transactions;
  await fn();
  return transactions - before;
}

test('a lookup, a list and a sale each run in exactly one database transaction, the access check included', async () => {
  const received = await call(owner, 'POST', '/api/items/receive', { ...catalogue, serials: ['ONE-TX-1'] });
  expect(received.statusCode).toBe(201);

  let res = await call(owner, 'GET', '/api/items/by-serial/one-tx-1');
  expect(res.statusCode).toBe(200);
  expect(await counting(() => call(owner, 'GET', '/api/items/by-serial/one-tx-1'))).toBe(1);
  expect(await counting(() => call(owner, 'GET', '/api/items?limit=5'))).toBe(1);
  expect(
    await counting(async () => {
      res = await call(owner, 'POST', '/api/sales', { lines: [{ serial: 'ONE-TX-1', price: 10 }] });
    }),
  ).toBe(1);
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ number: 1, total: 10, lines: [{ line: 1, serial: 'ONE-TX-1', price: 10 }] });
  expect(res.json().lines[0].warrantyEndsAt).toEqual(expect.any(String));
});

test('a refused caller is refused inside that transaction, before any work; a role given applies on the next request', async () => {
  const seller = await addUser(app, owner, ['Rapid Seller']);
  const body = { ...catalogue, serials: ['GRANT-1'] };
  // PostgreSQL keeps earlier runs' companies: count in this one.
  const count = () =>
    ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM items WHERE company_id = $1 AND serial = 'GRANT-1'`, [
      owner.companyId,
    ]);

  const refused = await call(seller, 'POST', '/api/items/receive', body);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toBe('This needs the items.receive permission; none of your roles grants it.');
  expect(await count()).toEqual([{ n: 0 }]);

  const given = await app.inject({
    method: 'PUT',
    url: `/api/users/${seller.userId}/roles`,
    headers: bearer(owner.token),
    payload: { roles: ['Rapid Seller', 'New Item Operator'] },
  });
  expect(given.statusCode).toBe(200);
  expect((await call(seller, 'POST', '/api/items/receive', body)).statusCode).toBe(201);
  expect(await count()).toEqual([{ n: 1 }]);
});

test('a route that checks access in its work transaction but answers without one is a 500, never a 200', async () => {
  const res = await call(owner, 'GET', '/api/test-forgot-the-transaction');
  expect(res.statusCode).toBe(500);
  expect(res.body).not.toContain('ok');
});
