import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database, Opening, Queryable } from '../src/db/database.js';
import { EXPORT_BATCH } from '../src/lib/csv.js';
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

// CSV as Excel and an accountant meet it: BOM, header, guarded formulas, the whole list streamed.
let ctx: TestContext;
let owner: Tenant;
let ids: { type: string; shop: string };
const BOM = '\uFEFF';

const call = (who: Tenant, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { ...bearer(who.token), ...headers } });
const lines = (body: string) => body.replace(/\r\n$/, '').split('\r\n');

beforeAll(async () => {
  ctx = await testApp();
  owner = await registerCompany(ctx.app, { name: 'Csv Co', premium: true });
  const made = async (url: string, payload: object) =>
    (await ctx.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload })).json().id as string;
  ids = {
    type: await made('/api/item-types', { name: 'Thing' }),
    shop: await made('/api/locations', { name: 'Shop' }),
  };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/items/receive',
    headers: bearer(owner.token),
    payload: {
      itemTypeId: ids.type,
      locationId: ids.shop,
      serials: ['=1+2', '@SUM(A1:A2)', 'plain, "quoted"'],
      model: '=HYPERLINK("http://evil.example","click")',
      sku: '+44 123',
      cost: 12.5,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

test('format=csv: a UTF-8 BOM, a header row, CRLF, quoting, and a leading quote on every cell that looks like a formula', async () => {
  const res = await call(owner, '/api/items?format=csv&sort=serial_asc');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="items-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(res.body.startsWith(BOM)).toBe(true);
  const [header, ...rows] = lines(res.body.slice(1));
  expect(header!.split(',').slice(0, 4)).toEqual(['Serial', 'SKU', 'Item type', 'Brand']);
  expect(rows).toHaveLength(3);
  // serial_asc: '=1+2', '@SUM…', 'plain…' — each formula-looking text cell starts with ' (the quote guard)
  expect(rows[0]).toMatch(/^'=1\+2,'\+44 123,/);
  expect(rows[1]).toMatch(/^'@SUM\(A1:A2\),/);
  expect(rows[2]).toMatch(/^"plain, ""quoted""",/);
  expect(rows[0]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  // numbers stay numbers (a negative number is not a formula), empty stays empty
  expect(rows[0]).toContain(',12.5,');
  expect(rows[0]).toContain(',,');
  for (const row of rows) expect(row).not.toMatch(/(^|,)[=+@-]/);
});

test('Accept: text/csv asks for the same file; the JSON page is unchanged without it', async () => {
  const csv = await call(owner, '/api/items?sort=serial_asc', { accept: 'text/csv' });
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(lines(csv.body)).toHaveLength(4);
  const json = await call(owner, '/api/items?sort=serial_asc&limit=2');
  expect(json.headers['content-type']).toMatch(/^application\/json/);
  expect(json.json().items).toHaveLength(2);
  // the page size does not cut the export: every row, whatever limit says
  expect(lines((await call(owner, '/api/items?format=csv&limit=1')).body)).toHaveLength(4);
  // format=json wins over the header
  expect((await call(owner, '/api/items?format=json', { accept: 'text/csv' })).headers['content-type']).toMatch(/json/);
});

test('every list and report exports, with its own header row; bad input is still a 4xx, not a broken file', async () => {
  const exports: Array<[string, string]> = [
    ['/api/items', 'Serial,SKU'],
    ['/api/sales', 'id,number'],
    ['/api/customers', 'id,name'],
    ['/api/item-types', 'id,name'],
    ['/api/brands', 'id,name'],
    ['/api/locations', 'id,name'],
    ['/api/transaction-types', 'id,name'],
    ['/api/statuses', 'key,'],
    ['/api/tasks', 'id,title'],
    // For people by default (their words, lib/list-export.ts); the raw rows as raw-csv.
    ['/api/reports/tracking', 'When,Serial'],
    ['/api/reports/tracking?format=raw-csv', 'id,itemId,serial'],
    ['/api/reports/warehouse-status', 'Count per,Name,Status,Items'],
    ['/api/reports/warehouse-status?format=raw-csv', 'breakdown,id,name,status,items'],
    ['/api/reports/inventory?groupBy=model', 'Model,Items,Cost value,Sale value'],
    ['/api/reports/inventory?groupBy=model&format=raw-csv', 'key,name,items,costValue,saleValue'],
    ['/api/reports/warranty?within=30', 'Serial,Item type'],
    ['/api/reports/warranty?within=30&format=raw-csv', 'itemId,serial'],
  ];
  for (const [url, start] of exports) {
    const res = await call(owner, url.includes('format=') ? url : `${url}${url.includes('?') ? '&' : '?'}format=csv`);
    expect({ url, status: res.statusCode, bom: res.body.startsWith(BOM) }).toEqual({ url, status: 200, bom: true });
    expect({ url, header: res.body.slice(1, 1 + start.length) }).toEqual({ url, header: start });
  }
  const tracking = lines((await call(owner, '/api/reports/tracking?format=csv')).body);
  expect(tracking).toHaveLength(4); // header + the three receptions
  const warehouse = lines((await call(owner, '/api/reports/warehouse-status?format=raw-csv')).body);
  expect(warehouse.slice(1)).toEqual([`location,${ids.shop},Shop,in_stock,3`, `itemType,${ids.type},Thing,in_stock,3`]);
  const item = (await call(owner, '/api/items?limit=1')).json().items[0];
  expect(lines((await call(owner, `/api/items/${item.id}/history?format=csv`)).body)).toHaveLength(2);
  const bad = await call(owner, '/api/items?format=csv&cursor=bm9wZQ');
  expect(bad.statusCode).toBe(400);
  expect(bad.headers['content-type']).toMatch(/json/);
  expect((await call(owner, '/api/items?format=pdf')).statusCode).toBe(400);
});

// The client runs in its own process: in this one, PGlite's work and the server's writes would
// keep this event loop busy, and the first bytes would be seen late for reasons of the test's own.
const CLIENT = `
const http = require('node:http');
http.get({ host: '127.0.0.1', port: Number(process.env.PORT), path: '/api/items?format=csv',
           headers: { authorization: 'Bearer ' + process.env.TOKEN } }, (res) => {
  const out = { status: res.statusCode, first: 0, resumed: 0, bytes: 0, newlines: 0, head: '' };
  const take = (c) => { out.bytes += c.length; for (const b of c) if (b === 10) out.newlines++; };
  res.once('data', (c) => {
    out.first = Date.now(); out.head = c.subarray(0, 3).toString('hex'); take(c); res.pause();
    setTimeout(() => { out.resumed = Date.now(); res.on('data', take); res.resume(); }, 1500);
  });
  res.on('end', () => process.stdout.write(JSON.stringify(out)));
});`;

test('a large export streams: bytes leave before the second batch is read, and reading waits for a client that does not take them', async () => {
  const big = await registerCompany(ctx.app, unique('Big '));
  const made = async (url: string, payload: object) =>
    (await ctx.app.inject({ method: 'POST', url, headers: bearer(big.token), payload })).json();
  // Wide rows (ten ~1 KB custom fields each, ~10 KB of CSV): one batch is more than the sockets buffer.
  const keys = Array.from({ length: 10 }, (_, i) => `note_${i}`);
  const fieldDefinitions = keys.map((key) => ({ key, label: key, type: 'text', required: false }));
  const type = (await made('/api/item-types', { name: 'Bulk', fields: fieldDefinitions })).id;
  const shop = (await defaultCatalogue(ctx.app, big)).location;
  const fields = Object.fromEntries(keys.map((key) => [key, 'p'.repeat(1000)]));
  const total = 3 * EXPORT_BATCH;
  const serials = Array.from({ length: total }, (_, i) => `BULK-${String(i).padStart(5, '0')}`);
  expect(
    (await made('/api/items/receive', { itemTypeId: type, locationId: shop, serials, fields })).items,
  ).toHaveLength(total);
  // The same app over the same database, noting when each transaction starts (one per batch read).
  const starts: number[] = [];
  const counted: Database = {
    kind: ctx.db.kind,
    query: (sql, params) => ctx.db.query(sql, params),
    exec: (sql) => ctx.db.exec(sql),
    notify: (channel, payload) => ctx.db.notify(channel, payload),
    close: async () => undefined,
    listen: (channel, handlers) => ctx.db.listen(channel, handlers),
    // Only transactions that read items are the export's: the app's own periodic work (the
    // import sweep on PostgreSQL) may open one while a slow machine streams.
    transaction: <T, R>(fn: (q: Queryable, opened: R[]) => Promise<T>, opening?: Opening) => {
      const started = Date.now();
      let readsItems = false;
      return ctx.db.transaction<T, R>(
        (q, opened) =>
          fn(
            {
              ...q,
              query: (sql, params) => {
                if (!readsItems && /\bfrom\s+"?items\b/i.test(sql)) {
                  readsItems = true;
                  starts.push(started);
                }
                return q.query(sql, params);
              },
              exec: (sql) => q.exec(sql),
              notify: (channel, payload) => q.notify(channel, payload),
            },
            opened,
          ),
        opening,
      );
    },
  };
  const app: FastifyInstance = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ctx.dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
    db: counted,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as AddressInfo;
    // Transactions the app opens on its own (start-up housekeeping) are not the export's.
    const requestedAt = Date.now();
    const child = spawn(process.execPath, ['-e', CLIENT], {
      env: { PATH: process.env.PATH, PORT: String(port), TOKEN: big.token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    await new Promise((r) => child.once('exit', r));
    const seen = JSON.parse(output) as {
      status: number;
      first: number;
      resumed: number;
      bytes: number;
      newlines: number;
      head: string;
    };
    expect(seen.status).toBe(200);
    expect(seen.head).toBe('efbbbf'); // the BOM comes first
    expect(seen.newlines).toBe(total + 1); // header + every row
    expect(seen.bytes).toBeGreaterThan(total * 10_000);
    // one transaction per batch (the first also checks access: one transaction per request)
    const batches = starts.filter((started) => started >= requestedAt).sort((a, b) => a - b);
    expect(batches).toHaveLength(total / EXPORT_BATCH);
    // streamed: the client had bytes before the second batch was even read…
    expect(seen.first).toBeLessThanOrEqual(batches[1]!);
    // …and read at the client's pace: the last batch was read only after the paused client resumed
    expect(batches[batches.length - 1]!).toBeGreaterThanOrEqual(seen.resumed);
  } finally {
    await app.close();
  }
}, 300_000);
