import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database, Opening, Queryable } from '../src/db/database.js';
import { openingText } from '../src/db/literal.js';
import { inTenant } from '../src/db/tenant.js';
import {
  bearer,
  closeShared,
  defaultCatalogue,
  registerCompany,
  signIn,
  testApp,
  type TestContext,
} from './helpers.js';

// A request's round trips to the database are most of its cost (docs/decisions.md, "Request cost").
// The caller's entry (role, company, claims, live session) travels in the same message as BEGIN,
// and a route that checks access before its work does so in one autocommit statement. These check
// what the database is asked, and that what the entry decides is still decided on the next call.
let ctx: TestContext;
let app: FastifyInstance;

interface Asked {
  opening: string | undefined;
  statements: string[];
}
const transactions: Asked[] = [];
const autocommit: string[] = [];

beforeAll(async () => {
  ctx = await testApp();
  // The same database, watched: every transaction and statement the app sends goes through here.
  const watched: Database = {
    ...ctx.db,
    query: (sql, params) => (autocommit.push(sql), ctx.db.query(sql, params)),
    transaction: <T, R>(fn: (q: Queryable, opened: R[]) => Promise<T>, opening?: Opening) => {
      // As PostgreSQL receives it, in one text with BEGIN.
      const asked: Asked = { opening: opening && openingText(opening), statements: [] };
      transactions.push(asked);
      return ctx.db.transaction<T, R>(
        (q, opened) =>
          fn(
            {
              ...q,
              query: (sql, params) => (asked.statements.push(sql), q.query(sql, params)),
              exec: (sql) => q.exec(sql),
              notify: (channel, payload) => q.notify(channel, payload),
            },
            opened,
          ),
        opening,
      );
    },
  };
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, LOG_LEVEL: 'silent' }),
    db: watched,
    logger: false,
  });
  await app.ready();
}, 300_000);
afterAll(async () => {
  await app.close();
  await ctx.close();
  await closeShared();
});

async function watching(fn: () => Promise<void>) {
  transactions.length = 0;
  autocommit.length = 0;
  await fn();
  return { transactions: [...transactions], autocommit: [...autocommit] };
}

test('the item list and a sale send the caller’s entry with BEGIN, and their work is all that follows', async () => {
  const t = await registerCompany(app, 'Entry With Begin Ltd');
  const { location, itemType } = await defaultCatalogue(app, t);
  const received = await app.inject({
    method: 'POST',
    url: '/api/items/receive',
    headers: bearer(t.token),
    payload: { itemTypeId: itemType, locationId: location, serials: ['EWB-1', 'EWB-2'] },
  });
  expect(received.statusCode).toBe(201);

  let res = await app.inject({ url: '/api/items?limit=5', headers: bearer(t.token) });
  const list = await watching(async () => {
    res = await app.inject({ url: '/api/items?limit=5', headers: bearer(t.token) });
  });
  expect(res.statusCode).toBe(200);
  expect(
    res
      .json()
      .items.map((i: { serial: string }) => i.serial)
      .sort(),
  ).toEqual(['EWB-1', 'EWB-2']);
  expect(list.transactions).toHaveLength(1);
  expect(list.transactions[0]!.opening).toMatch(/stockwise_enter\(/);
  // The list's plans stay PostgreSQL's choice (a search's values shape its plan).
  expect(list.transactions[0]!.opening).not.toMatch(/plan_cache_mode/);
  // The list itself is the one statement after the opening: no entry of its own.
  expect(list.transactions[0]!.statements).toHaveLength(1);
  expect(list.autocommit).toEqual([]);

  const sale = await watching(async () => {
    res = await app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: bearer(t.token),
      payload: { lines: [{ serial: 'EWB-1', price: 10 }] },
    });
  });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ total: 10, lines: [{ serial: 'EWB-1', price: 10 }] });
  expect(sale.transactions).toHaveLength(1);
  expect(sale.transactions[0]!.opening).toMatch(/stockwise_enter\(/);
  // A sale's statements find their rows by key: their generic plans, made once per connection.
  expect(sale.transactions[0]!.opening).toMatch(/^SET LOCAL plan_cache_mode = force_generic_plan; /);
  expect(sale.transactions[0]!.statements.filter((s) => s.includes('stockwise_enter'))).toEqual([]);
});

test('a route that checks access before its work checks it in one statement, not a transaction of its own', async () => {
  const t = await registerCompany(app);
  let res = await app.inject({ url: '/api/users', headers: bearer(t.token) });
  const asked = await watching(async () => {
    res = await app.inject({ url: '/api/users', headers: bearer(t.token) });
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().map((u: { id: string }) => u.id)).toEqual([t.userId]);
  // The entry alone, autocommit; then the work's one transaction.
  expect(asked.autocommit.filter((s) => s.includes('stockwise_enter'))).toHaveLength(1);
  expect(asked.transactions).toHaveLength(1);
});

test('an ended session is refused by the list and by a check before the work, on the very next call', async () => {
  const t = await registerCompany(app);
  const other = await signIn(app, t.userName);
  for (const url of ['/api/items', '/api/users'])
    expect((await app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(200);
  const ended = await app.inject({
    method: 'DELETE',
    url: `/api/auth/sessions/${decodeJwt(other.token).session_id as string}`,
    headers: bearer(t.token),
  });
  expect(ended.statusCode).toBe(204);
  for (const url of ['/api/items', '/api/users']) {
    const refused = await app.inject({ url, headers: bearer(other.token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_ENDED' });
  }
  expect((await app.inject({ url: '/api/items', headers: bearer(t.token) })).statusCode).toBe(200);
});

test('a transaction’s opening runs inside it: its rows reach the work, its settings last until the commit', async () => {
  const seen = await ctx.db.transaction<string[], { v: string }>(
    async (q, opened) => {
      const [row] = await q.query<{ v: string }>(`SELECT current_setting('app.opening_test', true) AS v`);
      return [opened[0]!.v, row!.v];
    },
    { sql: `SELECT set_config('app.opening_test', 'set', true) AS v`, uuids: [] },
  );
  expect(seen).toEqual(['set', 'set']);
  // Its uuids reach it as values, each its own; anything but a uuid is refused before it is sent.
  const [a, b] = [randomUUID(), randomUUID()];
  const opened = await ctx.db.transaction<unknown, { a: string; b: string }>(async (_q, rows) => rows, {
    sql: `SELECT $2::uuid::text AS a, $1::uuid::text AS b`,
    uuids: [a, b],
  });
  expect(opened).toEqual([{ a: b, b: a }]);
  await expect(
    ctx.db.transaction(async () => 'never', { sql: `SELECT $1::uuid::text AS v`, uuids: [`${a}'; SELECT '1`] }),
  ).rejects.toThrow(/not a uuid/);
  // A failing opening rolls the transaction back, and the next one starts clean.
  await expect(ctx.db.transaction(async () => 'never', { sql: `SELECT 1 / 0`, uuids: [] })).rejects.toThrow(
    /division by zero/,
  );
  const after = await ctx.db.transaction(async (q) =>
    q.query<{ v: string | null }>(`SELECT nullif(current_setting('app.opening_test', true), '') AS v`),
  );
  expect(after).toEqual([{ v: null }]);
});

test('generic plans last until the commit: the pool’s next transactions plan as PostgreSQL chooses', async () => {
  const t = await registerCompany(app);
  const mode = (q: Queryable) =>
    q.query<{ mode: string; company: string }>(
      `SELECT current_setting('plan_cache_mode') AS mode, current_setting('app.company_id') AS company`,
    );
  expect(await inTenant(ctx.db, t.companyId, mode, 'generic')).toEqual([
    { mode: 'force_generic_plan', company: t.companyId },
  ]);
  // More transactions at once than the pool has connections: every connection is asked, the one
  // the generic transaction used among them.
  const after = await Promise.all(Array.from({ length: 12 }, () => inTenant(ctx.db, t.companyId, mode)));
  expect(after.map(([row]) => row!.mode)).toEqual(Array(12).fill('auto'));
  // A failed transaction's setting ends with its rollback as well.
  await expect(inTenant(ctx.db, t.companyId, async (q) => q.query(`SELECT 1 / 0`), 'generic')).rejects.toThrow(
    /division by zero/,
  );
  expect((await inTenant(ctx.db, t.companyId, mode))[0]!.mode).toBe('auto');
});
