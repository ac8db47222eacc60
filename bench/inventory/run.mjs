// Inventory engine benchmark: seeds many items with event history straight into the database,
// starts the production build on it, and measures over HTTP: the item list (50 rows, a filter and
// a sort) on the large company, serial lookup, item history, reception of 1,000 serials, and sales
// per second with concurrent sellers (then checks that no item was sold twice). Also prints the
// query plans of the list and lookup queries.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   ITEMS=1000000 COMPANIES=100 node bench/inventory/run.mjs                    → PGlite
//   DATABASE_URL=postgres://…/empty_db ITEMS=1000000 node bench/inventory/run.mjs → PostgreSQL
// The large company holds half of ITEMS; the others share the rest. Prints a Markdown section.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { apiDir, dist, seed, startApi } from './dataset.mjs';

const autocannon = createRequire(path.join(apiDir, 'package.json'))('autocannon');
const ITEMS = Number(process.env.ITEMS ?? 100_000);
const COMPANIES = Number(process.env.COMPANIES ?? 100);
const SAMPLES = Number(process.env.SAMPLES ?? 300);
const SELLERS = Number(process.env.SELLERS ?? 20);
const SALE_SECONDS = Number(process.env.SALE_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const PASSWORD = 'bench-password-1';
const databaseUrl = process.env.DATABASE_URL || null;
const label = databaseUrl ? 'PostgreSQL 15' : 'PGlite';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-inv-'));
const base = `http://127.0.0.1:${PORT}`;
const log = (...a) => console.error(`[${label}]`, ...a);

const { openDatabase } = await dist('db/database.js');
const { inTenant } = await dist('db/tenant.js');
const { itemPage } = await dist('modules/items/queries.js');

// ── plans ──
async function plans(db, companyId) {
  const captured = [];
  const capture = { query: async (sql, params) => (captured.push({ sql, params }), []) };
  await itemPage(capture, { status: 'in_stock', sort: 'received_desc', limit: 50 }, null);
  const list = captured[0];
  const explain = (sql, params) =>
    inTenant(db, companyId, (q) => q.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`, params));
  const text = (rows) => rows.map((r) => r['QUERY PLAN']).join('\n');
  return {
    list: text(await explain(list.sql, list.params)),
    lookup: text(await explain(`SELECT id FROM items i WHERE i.serial_key = lower($1)`, ['SN-00012345'])),
  };
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
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return { p50: pct(ms, 50).toFixed(1), p95: pct(ms, 95).toFixed(1), n };
}

async function measure(big) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: big.userName, password: PASSWORD }),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const get = (url) => fetch(`${base}${url}`, { headers: auth });
  const rand = () => 1 + Math.floor(Math.random() * big.items);
  const serial = () => `SN-${String(rand()).padStart(8, '0')}`;
  const first = await (await get('/api/items?limit=1')).json();
  const types = (await (await get('/api/item-types')).json()).items;
  const locations = (await (await get('/api/locations')).json()).items;
  const ids = [];
  for (let i = 0; i < SAMPLES; i++) ids.push((await (await get(`/api/items/by-serial/${serial()}`)).json()).id);
  const out = {};
  await timed(20, () => get('/api/items?status=in_stock&sort=received_desc&limit=50')); // warm
  out.list = await timed(SAMPLES, () => get('/api/items?status=in_stock&sort=received_desc&limit=50'));
  let cursor = null;
  out.listDeep = await timed(Math.min(SAMPLES, 100), async () => {
    const res = await get(`/api/items?status=in_stock&sort=received_desc&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    const body = await res.clone().json();
    cursor = body.nextCursor;
    return res;
  });
  out.lookup = await timed(SAMPLES, () => get(`/api/items/by-serial/${serial()}`));
  out.history = await timed(SAMPLES, (i) => get(`/api/items/${ids[i % ids.length]}/history`));
  const stamp = Date.now().toString(36);
  out.receive = await timed(20, (i) =>
    fetch(`${base}/api/items/receive`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        itemTypeId: types[0].id,
        locationId: locations[0].id,
        serials: Array.from({ length: 1000 }, (_, k) => `RX-${stamp}-${i}-${k}`),
      }),
    }),
  );
  // Sales: SELLERS connections, each request sells the next in-stock serial (g % 10 < 6).
  let next = 0;
  const sellable = (k) => `SN-${String(10 * k + 1).padStart(8, '0')}`;
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}/api/sales`,
        connections: SELLERS,
        duration: SALE_SECONDS,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ lines: [{ serial: sellable(next++), price: 9.5 }] }),
            }),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  out.sales = {
    perSecond: (result['2xx'] / SALE_SECONDS).toFixed(0),
    ok: result['2xx'],
    other: result.non2xx + result.errors,
  };
  out.first = first.items.length;
  return out;
}

const { db, companies, seconds } = await seed({
  databaseUrl,
  dataDir,
  items: ITEMS,
  companies: COMPANIES,
  password: PASSWORD,
  log,
});
log(`seeded ${ITEMS} items, ${ITEMS * 3} events in ${seconds.toFixed(0)} s`);
const plan = await plans(db, companies[0].companyId);
if (!databaseUrl) await db.close(); // PGlite: one process at a time
const child = await startApi({ databaseUrl, dataDir, port: PORT });
let m;
try {
  m = await measure(companies[0]);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
const check = databaseUrl ? db : await openDatabase({ databaseUrl: null, dataDir: `${dataDir}/pglite` });
const [doubles] = await check.query(
  `SELECT count(*)::int AS n FROM (SELECT item_id FROM sale_lines GROUP BY company_id, item_id HAVING count(*) > 1) d`,
);
await check.close();

console.log(`### ${label}: ${ITEMS.toLocaleString('en')} items in ${COMPANIES} companies (the large one: ${companies[0].items.toLocaleString('en')})

Seeded in ${seconds.toFixed(0)} s (3 events per item). ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.

| measurement (large company, over HTTP, one client unless said) | p50 ms | p95 ms | samples |
|---|---|---|---|
| item list: 50 rows, status filter, newest first | ${m.list.p50} | ${m.list.p95} | ${m.list.n} |
| item list: following nextCursor page after page | ${m.listDeep.p50} | ${m.listDeep.p95} | ${m.listDeep.n} |
| serial lookup | ${m.lookup.p50} | ${m.lookup.p95} | ${m.lookup.n} |
| item history | ${m.history.p50} | ${m.history.p95} | ${m.history.n} |
| reception of 1,000 serials | ${m.receive.p50} | ${m.receive.p95} | ${m.receive.n} |

Sales, ${SELLERS} concurrent sellers for ${SALE_SECONDS} s: **${m.sales.perSecond} sales/s** (${m.sales.ok} sales, ${m.sales.other} other answers); items sold twice: **${doubles.n}**.

<details><summary>Plan of the list query (status filter, newest first, 50 rows)</summary>

\`\`\`
${plan.list}
\`\`\`
</details>

<details><summary>Plan of the serial lookup</summary>

\`\`\`
${plan.lookup}
\`\`\`
</details>
`);
