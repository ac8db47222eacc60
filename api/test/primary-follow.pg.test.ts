import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { bearer, closeShared, registerCompany, testApp, type Tenant } from './helpers.js';
import { freePort } from './processes.js';
import { Relay } from './relay.js';

// The API on a multi-host connection string (a pg_auto_failover cluster's, `target_session_attrs=
// read-write`): it reaches whichever host answers as the primary, follows it when a host is lost,
// and answers 503 with Retry-After — never a 500 — while no host can take the request. The "hosts"
// are TCP relays to the one test server, each of which the test can cut as a dead machine would.
// PostgreSQL only (scripts/test.mjs runs *.pg.test.ts in the PostgreSQL pass).
if (!process.env.DATABASE_URL) throw new Error('primary-follow.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');

const target = new URL(process.env.DATABASE_URL);
let first: Relay;
let second: Relay;
let db: Database;
let app: FastifyInstance;
let owner: Tenant;

const items = () => app.inject({ method: 'GET', url: '/api/items?limit=5', headers: bearer(owner.token) });

beforeAll(async () => {
  // The shared test database, migrated by the harness.
  const shared = await testApp();
  await shared.close();
  first = new Relay(await freePort(), target);
  second = new Relay(await freePort(), target);
  await Promise.all([first.up(), second.up()]);
  const auth = target.username ? `${target.username}${target.password ? `:${target.password}` : ''}@` : '';
  const multiHost = `postgres://${auth}127.0.0.1:${first.port},127.0.0.1:${second.port}${target.pathname}?target_session_attrs=read-write`;
  db = await openDatabase({ databaseUrl: multiHost, dataDir: null });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sw-api-test-')),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    DATABASE_URL: multiHost,
  });
  app = await buildApp({ config, db, logger: false });
  await app.ready();
  owner = await registerCompany(app, 'Failover Co');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.close();
  await Promise.all([first?.down(), second?.down()]);
  await closeShared();
});

test('when the first host is lost, requests go on through the next one', async () => {
  expect((await items()).statusCode).toBe(200);
  await first.down();
  // The pool's connections to the lost host are gone; new ones find the next host that takes writes.
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push((await items()).statusCode);
  expect(answers.every((s) => s === 200 || s === 503)).toBe(true);
  expect(answers.at(-1)).toBe(200);
  await first.up();
});

test('while no host answers, a request is refused 503 with Retry-After, and served once one is back', async () => {
  await Promise.all([first.down(), second.down()]);
  const refused = await items();
  expect(refused.statusCode).toBe(503);
  expect(refused.headers['retry-after']).toBe('2');
  expect(refused.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });

  await second.up();
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push((await items()).statusCode);
  expect(answers.at(-1)).toBe(200);
  await first.up();
});

test('live updates listen again on the host that answers, and say that messages may have been missed', async () => {
  const got: string[] = [];
  let gaps = 0;
  const stop = await db.listen('failover_test', { onMessage: (p) => got.push(p), onGap: () => gaps++ });
  try {
    // Its host lost (whichever it was on), then only the first one back.
    await Promise.all([first.down(), second.down()]);
    await new Promise((r) => setTimeout(r, 300));
    expect(gaps).toBe(0);
    await first.up();
    const deadline = Date.now() + 15_000;
    while (gaps === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(gaps).toBe(1);
    await db.query(`SELECT pg_notify('failover_test', 'after')`);
    while (!got.includes('after') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(got).toContain('after');
  } finally {
    await stop();
    await second.up();
  }
}, 30_000);
