// Reports benchmark: the inventory data set (bench/inventory/dataset.mjs) plus one sale per sold
// item of the large company, then over HTTP against the production build: every report page, the
// dashboard and the task queues (p50/p95 of SAMPLES requests each, one client), and a CSV export of
// all the large company's items (time to first byte, total time, and the API process's peak RSS, read from
// /proc/<pid>/status VmHWM before and after).
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   DATABASE_URL=postgres://…/empty_db ITEMS=1000000 COMPANIES=100 node bench/reports/run.mjs → PostgreSQL
//   ITEMS=1000000 COMPANIES=100 node bench/reports/run.mjs                                   → PGlite
// Prints a Markdown section.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dist, seed, startApi } from '../inventory/dataset.mjs';

const ITEMS = Number(process.env.ITEMS ?? 100_000);
const COMPANIES = Number(process.env.COMPANIES ?? 100);
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 8192);
const PASSWORD = 'bench-password-1';
const databaseUrl = process.env.DATABASE_URL || null;
const label = databaseUrl ? 'PostgreSQL 15' : 'PGlite';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-rep-'));
const base = `http://127.0.0.1:${PORT}`;
const log = (...a) => console.error(`[${label}]`, ...a);
const { inTenant } = await dist('db/tenant.js');

/** The dataset marks 30 % of items sold with no sale document: give each its sale (numbered, so counted). */
async function addSales(db, companyId) {
  const started = Date.now();
  await inTenant(db, companyId, async (q) => {
    await q.query(
      `WITH sold AS (
         SELECT id, customer_id, sold_at, row_number() OVER (ORDER BY sold_at, id) AS n FROM items WHERE status = 'sold'),
       made AS (
         INSERT INTO sales (company_id, customer_id, seller_id, total, number, created_at)
         SELECT $1, customer_id, (SELECT id FROM users LIMIT 1), 150, n, sold_at FROM sold
         RETURNING id, number)
       INSERT INTO sale_lines (company_id, sale_id, line, item_id, price)
       SELECT $1, made.id, 1, sold.id, 150 FROM made JOIN sold ON sold.n = made.number`,
      [companyId],
    );
    // The company's sale-number sequence continues after these numbers (migration 0013).
    await q.query(`SELECT stockwise_sale_numbers_continue()`);
  });
  await db.query('ANALYZE');
  return (Date.now() - started) / 1000;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
async function timed(n, fn) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const res = await fn(i);
    const body = await res.arrayBuffer();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (!res.ok) throw new Error(`${res.status} ${Buffer.from(body).toString()}`);
  }
  return { p50: pct(ms, 50).toFixed(1), p95: pct(ms, 95).toFixed(1), n };
}

const rss = (pid, key) =>
  Number(/(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split(key + ':')[1])[1]) / 1024;

async function exportCsv(get, pid) {
  const before = { rss: rss(pid, 'VmRSS'), peak: rss(pid, 'VmHWM') };
  const started = process.hrtime.bigint();
  const res = await get(`/api/items?format=csv&sort=received_desc`);
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  let firstByte = null;
  let newlines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    firstByte ??= Number(process.hrtime.bigint() - started) / 1e6;
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) newlines++;
  }
  const total = Number(process.hrtime.bigint() - started) / 1e6;
  return { firstByte, total, rows: newlines - 1, bytes, before, peak: rss(pid, 'VmHWM') };
}

async function measure(big, pid) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: big.userName, password: PASSWORD }),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const get = (url) => fetch(`${base}${url}`, { headers: auth });
  const locations = (await (await get('/api/locations')).json()).items;
  const types = (await (await get('/api/item-types')).json()).items;
  const customers = (await (await get('/api/customers?limit=5')).json()).items;
  const pages = [
    ['tracking: last 30 days, newest first, 50 rows', '/api/reports/tracking'],
    ['tracking: one location (left from or arrived at)', `/api/reports/tracking?locationId=${locations[1].id}`],
    ['tracking: one item type', `/api/reports/tracking?itemTypeId=${types[2].id}`],
    [
      'tracking: a 7-day window 90 days ago, oldest first',
      `/api/reports/tracking?sort=oldest&from=${new Date(Date.now() - 90 * 86_400_000).toISOString()}&to=${new Date(Date.now() - 83 * 86_400_000).toISOString()}`,
    ],
    ['warehouse status (location × status, item type × status)', '/api/reports/warehouse-status'],
    ['inventory by item type', '/api/reports/inventory?groupBy=itemType'],
    ['inventory by brand', '/api/reports/inventory?groupBy=brand'],
    ['inventory by model', '/api/reports/inventory?groupBy=model'],
    ['inventory by location', '/api/reports/inventory?groupBy=location'],
    ['warranty: ending within 30 days or ended', '/api/reports/warranty?within=30'],
    ['warranty: ending within 400 days (150k match)', '/api/reports/warranty?within=400'],
    ['customer history (one of 20 customers: ~7,500 purchases)', `/api/customers/${customers[0].id}/history`],
    ['dashboard', '/api/dashboard'],
    ['task queues (My Tasks)', '/api/tasks/queues'],
  ];
  const out = [];
  for (const [name, url] of pages) {
    await timed(10, () => get(url)); // warm
    out.push({ name, url, ...(await timed(SAMPLES, () => get(url))) });
  }
  const exported = await exportCsv(get, pid);
  return { pages: out, exported };
}

const { db, companies, seconds } = await seed({
  databaseUrl,
  dataDir,
  items: ITEMS,
  companies: COMPANIES,
  password: PASSWORD,
  log,
});
log(`seeded ${ITEMS} items in ${seconds.toFixed(0)} s`);
const salesSeconds = await addSales(db, companies[0].companyId);
log(`sales added in ${salesSeconds.toFixed(0)} s`);
const [counts] = await inTenant(db, companies[0].companyId, (q) =>
  q.query(`SELECT (SELECT count(*) FROM items)::int AS items, (SELECT count(*) FROM item_events)::int AS events,
                  (SELECT count(*) FROM sales)::int AS sales, (SELECT count(*) FROM item_counts)::int AS counters`),
);
await db.close(); // PGlite: one process at a time; PostgreSQL: the API opens its own pool
const child = await startApi({ databaseUrl, dataDir, port: PORT });
let m;
try {
  m = await measure(companies[0], child.pid);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
const x = m.exported;
console.log(`### ${label}: ${ITEMS.toLocaleString('en')} items in ${COMPANIES} companies (the large one: ${counts.items.toLocaleString('en')} items, ${counts.events.toLocaleString('en')} events, ${counts.sales.toLocaleString('en')} sales, ${counts.counters} counter rows)

Seeded in ${seconds.toFixed(0)} s + ${salesSeconds.toFixed(0)} s for the sales. ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.

| page (large company, over HTTP, one client) | p50 ms | p95 ms | samples |
|---|---|---|---|
${m.pages.map((p) => `| ${p.name} | ${p.p50} | ${p.p95} | ${p.n} |`).join('\n')}

CSV export of the large company's items (\`GET /api/items?format=csv\`, ${x.rows.toLocaleString('en')} rows, ${(x.bytes / 1048576).toFixed(0)} MB): first byte after **${x.firstByte.toFixed(0)} ms**, all of it in **${(x.total / 1000).toFixed(1)} s**; API process RSS ${x.before.rss.toFixed(0)} MB before, peak RSS (VmHWM) ${x.before.peak.toFixed(0)} MB before and **${x.peak.toFixed(0)} MB** after the export.
`);
