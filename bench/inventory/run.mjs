// Inventory engine benchmark: seeds many items with event history straight into the database,
// starts the production build on it, and measures over HTTP: the item list (50 rows, a filter and
// a sort) on the large company, a search by any 4 characters of a serial, serial lookup, item history, reception of 1,000 serials, and sales
// per second with concurrent sellers (then checks that no item was sold twice). Also prints the
// query plans of the list and lookup queries.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   ITEMS=1000000 COMPANIES=100 node bench/inventory/run.mjs                    → PGlite
//   DATABASE_URL=postgres://…/empty_db ITEMS=1000000 node bench/inventory/run.mjs → PostgreSQL
//   BENCH_REUSE=1 with the same DATABASE_URL (or BENCH_DATA_DIR for PGlite) → measure a data set an
//   earlier run seeded, e.g. once the machine is quiet (ITEMS and COMPANIES must match it)
// The large company holds half of ITEMS; the others share the rest. Prints a Markdown section.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, loadAverage, parentOf, pct, postgresCpuMs } from '../lib/measure.mjs';
import { apiDir, dist, reuse, seed, startApi } from './dataset.mjs';

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
const REUSE = process.env.BENCH_REUSE === '1';
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'sw-bench-inv-'));
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
  // A selective fragment (about 200 of the large company's items) and a common one (about 11,000):
  // the two ends of what the bench draws.
  await itemPage(capture, { search: '2345', sort: 'received_desc', limit: 50 }, null);
  await itemPage(capture, { search: '0012', sort: 'received_desc', limit: 50 }, null);
  const [, fragment, common] = captured;
  const explain = (sql, params) =>
    inTenant(db, companyId, (q) => q.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY ON) ${sql}`, params));
  const text = (rows) => rows.map((r) => r['QUERY PLAN']).join('\n');
  return {
    list: text(await explain(list.sql, list.params)),
    fragment: text(await explain(fragment.sql, fragment.params)),
    common: text(await explain(common.sql, common.params)),
    lookup: text(await explain(`SELECT id FROM items i WHERE i.serial_key = lower($1)`, ['SN-00012345'])),
  };
}

let postmaster = 0;
let apiPid = 0;
const cpuNow = () => ({ api: cpuMs(apiPid), db: postgresCpuMs(postmaster) });
const cpuPer = (before, n) => {
  const after = cpuNow();
  return { api: ((after.api - before.api) / n).toFixed(2), db: ((after.db - before.db) / n).toFixed(2) };
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

// PostgreSQL: what the API's backends are doing, sampled every 20 ms while the sellers run
// (pg_stat_activity: running, waiting for a lock — the sale counter row, an item — or for the WAL).
let sampler = null;
function sampleWaits() {
  const counts = new Map();
  let samples = 0;
  let on = Boolean(sampler);
  const loop = (async () => {
    while (on) {
      const rows = await sampler.query(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'running') AS w, count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active' AND backend_type = 'client backend'
          GROUP BY 1`,
      );
      samples++;
      for (const r of rows) counts.set(r.w, (counts.get(r.w) ?? 0) + r.n);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      on = false;
      await loop;
      const busy = [...counts.values()].reduce((a, b) => a + b, 0);
      return [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([w, n]) => `${w} ${((100 * n) / Math.max(1, busy)).toFixed(0)} %`)
        .join(', ')
        .concat(samples ? ` (${(busy / samples).toFixed(1)} active backends on average)` : '');
    },
  };
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
  // Any 4 characters of a serial: its last four, or four from its middle (the trigram index).
  const fragment = (i) => (i % 2 ? serial().slice(-4) : serial().slice(5, 9));
  await timed(10, (i) => get(`/api/items?search=${fragment(i)}&limit=50`)); // warm
  let cpu = cpuNow();
  out.fragment = await timed(SAMPLES, (i) => get(`/api/items?search=${fragment(i)}&limit=50`));
  out.fragment.cpu = cpuPer(cpu, SAMPLES);
  cpu = cpuNow();
  out.lookup = await timed(SAMPLES, () => get(`/api/items/by-serial/${serial()}`));
  out.lookup.cpu = cpuPer(cpu, SAMPLES);
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
  let next = big.sold ?? 0; // a reused data set: after the serials earlier runs sold
  cpu = cpuNow();
  const waits = sampleWaits();
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
    waits: await waits.stop(),
    cpu: cpuPer(cpu, Math.max(1, result['2xx'] + result.non2xx)),
    perSecond: (result['2xx'] / SALE_SECONDS).toFixed(0),
    ok: result['2xx'],
    other: result.non2xx + result.errors,
  };
  out.first = first.items.length;
  return out;
}

const loadBefore = loadAverage();
const { db, companies, seconds } = REUSE
  ? await reuse({ databaseUrl, dataDir })
  : await seed({ databaseUrl, dataDir, items: ITEMS, companies: COMPANIES, password: PASSWORD, log });
log(
  REUSE
    ? `reusing ${companies.length} companies`
    : `seeded ${ITEMS} items, ${ITEMS * 3} events in ${seconds.toFixed(0)} s`,
);
const plan = await plans(db, companies[0].companyId);
if (!databaseUrl) await db.close(); // PGlite: one process at a time
const child = await startApi({ databaseUrl, dataDir, port: PORT });
apiPid = child.pid;
if (databaseUrl) sampler = db;
if (databaseUrl) {
  const [{ pid }] = await db.query('SELECT pg_backend_pid() AS pid');
  postmaster = parentOf(pid);
}
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

${REUSE ? 'A data set seeded by an earlier run (BENCH_REUSE=1).' : `Seeded in ${seconds.toFixed(0)} s (3 events per item).`} ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.

| measurement (large company, over HTTP, one client unless said) | p50 ms | p95 ms | samples |
|---|---|---|---|
| item list: 50 rows, status filter, newest first | ${m.list.p50} | ${m.list.p95} | ${m.list.n} |
| item list: following nextCursor page after page | ${m.listDeep.p50} | ${m.listDeep.p95} | ${m.listDeep.n} |
| item list: any 4 characters of a serial (last four or middle), 50 rows | ${m.fragment.p50} | ${m.fragment.p95} | ${m.fragment.n} |
| serial lookup | ${m.lookup.p50} | ${m.lookup.p95} | ${m.lookup.n} |
| item history | ${m.history.p50} | ${m.history.p95} | ${m.history.n} |
| reception of 1,000 serials | ${m.receive.p50} | ${m.receive.p95} | ${m.receive.n} |

Sales, ${SELLERS} concurrent sellers for ${SALE_SECONDS} s: **${m.sales.perSecond} sales/s** (${m.sales.ok} sales, ${m.sales.other} other answers); items sold twice: **${doubles.n}**.

CPU time per request (from /proc, whatever else the machine ran): fragment search — API ${m.fragment.cpu.api} ms${databaseUrl ? `, PostgreSQL ${m.fragment.cpu.db} ms` : ' (PGlite inside)'}; serial lookup — API ${m.lookup.cpu.api} ms${databaseUrl ? `, PostgreSQL ${m.lookup.cpu.db} ms` : ' (PGlite inside)'}; sale — API ${m.sales.cpu.api} ms${databaseUrl ? `, PostgreSQL ${m.sales.cpu.db} ms` : ' (PGlite inside)'}. Load average before / after: ${loadBefore} / ${loadAverage()}.${databaseUrl ? `\n\nDuring the sales, the API's PostgreSQL backends were (pg_stat_activity every 20 ms): ${m.sales.waits}.` : ''}

<details><summary>Plan of the list query (status filter, newest first, 50 rows)</summary>

\`\`\`
${plan.list}
\`\`\`
</details>

<details><summary>Plan of the 4-character fragment search, a selective fragment ("2345"; newest first, 50 rows)</summary>

\`\`\`
${plan.fragment}
\`\`\`
</details>

<details><summary>Plan of the 4-character fragment search, a common fragment ("0012"; newest first, 50 rows)</summary>

\`\`\`
${plan.common}
\`\`\`
</details>

<details><summary>Plan of the serial lookup</summary>

\`\`\`
${plan.lookup}
\`\`\`
</details>
`);
