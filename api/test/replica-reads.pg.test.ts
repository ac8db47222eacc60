import type { FastifyInstance } from 'fastify';
import { bearer, closeShared, defaultCatalogue, registerCompany, testApp, unique, type Tenant } from './helpers.js';
import { freePort } from './processes.js';
import { Relay } from './relay.js';

// Reports and the dashboard may be read from a standby (DATABASE_READ_URL, db/replica.ts): each
// answer says up to which moment its figures hold (asOf), never further back than the bound
// (DATABASE_READ_MAX_LAG_SECONDS, 5 s by default), and falls back to the primary when the standby
// is gone. The "standby" is a TCP relay to the one test server (so it is never behind); a real
// standby's lag is the failover test's (scripts/test-failover.mjs). PostgreSQL only.
if (!process.env.DATABASE_URL) throw new Error('replica-reads.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');

const BOUND_MS = 5_000;
let standby: Relay;
let withStandby: { app: FastifyInstance; close(): Promise<void> };
let primaryOnly: { app: FastifyInstance; close(): Promise<void> };
let owner: Tenant;
let catalogue: { location: string; itemType: string };

const get = (app: FastifyInstance, url: string) => app.inject({ url, headers: bearer(owner.token) });
const soldIn = (report: { byLocation: Array<{ status: string; items: number }> }) =>
  report.byLocation.filter((r) => r.status === 'sold').reduce((n, r) => n + r.items, 0);

/** An item received and sold at once, through the API the shop uses. */
async function sellOne(app: FastifyInstance) {
  const serial = unique('RR-');
  const received = await app.inject({
    method: 'POST',
    url: '/api/items/receive',
    headers: bearer(owner.token),
    payload: { itemTypeId: catalogue.itemType, locationId: catalogue.location, serials: [serial], salePrice: 10 },
  });
  expect(received.statusCode).toBe(201);
  const sold = await app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: bearer(owner.token),
    payload: { lines: [{ serial, price: 10 }] },
  });
  expect(sold.statusCode).toBe(201);
}

beforeAll(async () => {
  standby = new Relay(await freePort(), new URL(process.env.DATABASE_URL!));
  await standby.up();
  primaryOnly = await testApp();
  withStandby = await testApp({ DATABASE_READ_URL: standby.url() });
  owner = await registerCompany(primaryOnly.app, 'Replica Reads Co');
  catalogue = await defaultCatalogue(primaryOnly.app, owner);
}, 240_000);
afterAll(async () => {
  await withStandby?.close();
  await primaryOnly?.close();
  await standby?.down();
  await closeShared();
});

test('reports and the dashboard are read from the standby, each as of a moment within the bound', async () => {
  const before = standby.connections;
  for (const url of ['/api/reports/warehouse-status', '/api/reports/inventory', '/api/dashboard']) {
    const res = await get(withStandby.app, url);
    expect(res.statusCode).toBe(200);
    const asOf = Date.parse(res.json().asOf);
    expect(Date.now() - asOf).toBeLessThanOrEqual(BOUND_MS);
  }
  expect(standby.connections).toBeGreaterThan(before);
});

test('a report right after a sale shows it', async () => {
  const sold = soldIn((await get(withStandby.app, '/api/reports/warehouse-status')).json());
  await sellOne(withStandby.app);
  const after = (await get(withStandby.app, '/api/reports/warehouse-status')).json();
  expect(soldIn(after)).toBe(sold + 1);
  expect(Date.now() - Date.parse(after.asOf)).toBeLessThanOrEqual(BOUND_MS);
});

test('while the standby is unreachable, reports are read from the primary — never a 5xx', async () => {
  await standby.down();
  try {
    const sold = soldIn((await get(withStandby.app, '/api/reports/warehouse-status')).json());
    await sellOne(withStandby.app);
    const res = await get(withStandby.app, '/api/reports/warehouse-status');
    expect(res.statusCode).toBe(200);
    expect(soldIn(res.json())).toBe(sold + 1);
    expect(Date.now() - Date.parse(res.json().asOf)).toBeLessThanOrEqual(BOUND_MS);
    expect((await get(withStandby.app, '/api/dashboard')).statusCode).toBe(200);
  } finally {
    await standby.up();
  }
});

test('without a standby configured, every report is the primary’s, as of the moment it was read', async () => {
  const started = Date.now();
  const res = await get(primaryOnly.app, '/api/dashboard');
  expect(res.statusCode).toBe(200);
  const asOf = Date.parse(res.json().asOf);
  expect(asOf).toBeGreaterThanOrEqual(started - 1000);
  expect(asOf).toBeLessThanOrEqual(Date.now());
});
