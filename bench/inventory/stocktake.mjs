// Stock-take benchmark (issue 25, "Measured"): on the inventory data set (1,000,000 items, the large
// company 500,000), a location holding LOCATION_ITEMS items is counted by SCANNERS scanners at once
// through the real HTTP API, then closed. Prints the scan's acknowledgement time (p50 / p95 / p99 /
// max over every scan), the close, the first variance page, and the apply, with the CPU each phase
// cost the API and PostgreSQL, the load average, and the plans of the scan and the close statements.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   DATABASE_URL=postgres://…/empty_db ITEMS=1000000 COMPANIES=100 node bench/inventory/stocktake.mjs
//   DATABASE_URL=postgres://…/that_db BENCH_REUSE=1 node bench/inventory/stocktake.mjs → the data set an
//     earlier run (this one or bench/inventory/run.mjs) seeded
// PostgreSQL only (the issue's target is on PostgreSQL; PGlite holds its database in the API process,
// and each round's set-up needs the database while the API runs).
//
// Each round makes a new location and moves LOCATION_ITEMS of the large company's in-stock items
// into it (straight in SQL as the app role, as the seed writes items: no event), so a round never
// counts what an earlier round applied. Each scanner sends its scans one after the other, as fast as
// the API answers (harder than a person with a phone); every scan carries its own Idempotency-Key,
// as the app sends it. The scans: the location's items but MISSING_SHARE of them (left missing),
// ELSEWHERE items held at another location, SOLD sold ones, UNKNOWN serials no item has, and
// REPEATS serials scanned a second time by another scanner — dealt out at random.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMeter, loadAverage, pct, postmasterOf } from '../lib/measure.mjs';
import { dist, reuse, seed, startApi } from './dataset.mjs';

const ITEMS = Number(process.env.ITEMS ?? 1_000_000);
const COMPANIES = Number(process.env.COMPANIES ?? 100);
const LOCATION_ITEMS = Number(process.env.LOCATION_ITEMS ?? 10_000);
const SCANNERS = Number(process.env.SCANNERS ?? 5);
const MISSING_SHARE = Number(process.env.MISSING_SHARE ?? 0.05);
const ELSEWHERE = Number(process.env.ELSEWHERE ?? 100);
const SOLD = Number(process.env.SOLD ?? 20);
const UNKNOWN = Number(process.env.UNKNOWN ?? 20);
const REPEATS = Number(process.env.REPEATS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 8193);
const PASSWORD = 'bench-password-1';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: a PostgreSQL database (empty, or seeded earlier with BENCH_REUSE=1)');
const label = 'PostgreSQL 15';
const REUSE = process.env.BENCH_REUSE === '1';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-inv-'));
const base = `http://127.0.0.1:${PORT}`;
const log = (...a) => console.error(`[stocktake ${label}]`, ...a);

const { inTenant } = await dist('db/tenant.js');
const stocktakeQueries = await dist('modules/stocktakes/queries.js');

const shuffle = (xs) => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
};
const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;

/** A new location holding LOCATION_ITEMS in-stock items, and the serials each kind of scan uses. */
async function prepareRound(db, companyId, round) {
  return inTenant(db, companyId, async (q) => {
    const [{ id: locationId }] = await q.query(
      `INSERT INTO locations (company_id, name, kind) VALUES ($1, $2, 'store') RETURNING id`,
      [companyId, `Count ${Date.now().toString(36)} ${round}`],
    );
    // The highest seeded serials still in stock at a location no round has used: the sales benches
    // sell from the lowest up, so the two never take the same items.
    const free = `SELECT id FROM items WHERE status = 'in_stock' AND serial LIKE 'SN-%'
                     AND location_id NOT IN (SELECT id FROM locations WHERE name LIKE 'Count %')`;
    const moved = await q.query(
      `UPDATE items SET location_id = $1 WHERE id IN (${free} ORDER BY serial_key DESC LIMIT $2) RETURNING serial`,
      [locationId, LOCATION_ITEMS],
    );
    const elsewhere = await q.query(
      `SELECT serial FROM items WHERE id IN (${free} ORDER BY serial_key DESC LIMIT $1)`,
      [ELSEWHERE],
    );
    const sold = await q.query(`SELECT serial FROM items WHERE status = 'sold' ORDER BY serial_key DESC LIMIT $1`, [
      SOLD,
    ]);
    return {
      locationId,
      held: moved.map((r) => r.serial),
      elsewhere: elsewhere.map((r) => r.serial),
      sold: sold.map((r) => r.serial),
    };
  });
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement as the API runs it (app role, RLS), then rolled back. */
async function explain(db, companyId, sql, params) {
  let plan = '';
  const rollback = new Error('rollback');
  try {
    await inTenant(db, companyId, async (q) => {
      const rows = await q.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
      plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      throw rollback;
    });
  } catch (e) {
    if (e !== rollback) throw e;
  }
  return plan;
}

/** The scan and close statements' SQL and parameters, as the query module sends them. */
async function statements(stocktakeId, locationId, serial, userId, companyId) {
  const captured = [];
  const capture = { query: async (sql, params) => (captured.push({ sql, params }), []) };
  await stocktakeQueries.scan(capture, { companyId, stocktakeId, serial, userId });
  await stocktakeQueries.freezeVariance(capture, companyId, stocktakeId, locationId);
  return { scan: captured[0], close: captured[1] };
}

async function round(db, companyId, auth, r, meter) {
  const set = await prepareRound(db, companyId, r);
  const post = (url, body, headers = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const opened = await post('/api/stocktakes', { locationId: set.locationId, note: `bench round ${r}` });
  if (opened.status !== 201) throw new Error(`open answered ${opened.status} ${await opened.text()}`);
  const count = await opened.json();

  const held = shuffle([...set.held]);
  const missing = held.slice(0, Math.round(held.length * MISSING_SHARE));
  const found = held.slice(missing.length);
  const stamp = Date.now().toString(36);
  const scans = shuffle([
    ...found.map((serial) => ({ serial, expect: 'found' })),
    ...set.elsewhere.map((serial) => ({ serial, expect: 'elsewhere' })),
    ...set.sold.map((serial) => ({ serial, expect: 'sold' })),
    ...Array.from({ length: UNKNOWN }, (_, k) => ({ serial: `ZZ-${stamp}-${k}`, expect: 'unknown' })),
  ]);
  // A second scan of REPEATS serials, later and by another scanner: counted once.
  const repeats = found.slice(0, REPEATS).map((serial) => ({ serial, expect: 'found', repeat: true }));
  const queues = Array.from({ length: SCANNERS }, () => []);
  scans.forEach((s, k) => queues[k % SCANNERS].push(s));
  repeats.forEach((s, k) => queues[(k + 1) % SCANNERS].push(s));

  const times = [];
  const wrong = [];
  const firsts = new Map(); // serial → scans of it answered as not repeated (exactly one each)
  meter.start();
  const started = process.hrtime.bigint();
  await Promise.all(
    queues.map(async (queue) => {
      for (const s of queue) {
        const t = process.hrtime.bigint();
        const res = await post(
          `/api/stocktakes/${count.id}/scans`,
          { serial: s.serial },
          { 'idempotency-key': randomUUID() },
        );
        const body = await res.json();
        times.push(ms(t));
        if (res.status !== 200) wrong.push(`${s.serial}: ${res.status} ${JSON.stringify(body)}`);
        else if (body.outcome !== s.expect) wrong.push(`${s.serial}: ${body.outcome}, expected ${s.expect}`);
        if (!body.repeated) firsts.set(s.serial, (firsts.get(s.serial) ?? 0) + 1);
      }
    }),
  );
  const scanWall = ms(started);
  // Whichever of a serial's two scans came first counts it; the other answers repeated.
  for (const [serial, n] of firsts) if (n !== 1) wrong.push(`${serial}: counted ${n} times`);
  if (firsts.size !== scans.length) wrong.push(`${scans.length - firsts.size} serials never counted`);
  const scanCpu = meter.per(times.length);

  const [{ userId }] = await db.query(`SELECT opened_by AS "userId" FROM stocktakes WHERE id = $1`, [count.id]);
  const st = await statements(count.id, set.locationId, `ZZ-${stamp}-plan`, userId, companyId);
  const plans = {
    scan: await explain(db, companyId, st.scan.sql, st.scan.params),
    close: await explain(db, companyId, st.close.sql, st.close.params),
  };

  meter.start();
  let t = process.hrtime.bigint();
  const closed = await post(`/api/stocktakes/${count.id}/close`, {});
  const closedBody = await closed.json();
  const closeMs = ms(t);
  if (closed.status !== 200) throw new Error(`close answered ${closed.status} ${JSON.stringify(closedBody)}`);
  t = process.hrtime.bigint();
  const page = await fetch(`${base}/api/stocktakes/${count.id}/variance?limit=50`, { headers: auth });
  await page.json();
  const varianceMs = ms(t);
  const closeCpu = meter.per(1);
  meter.start();
  t = process.hrtime.bigint();
  const applied = await post(`/api/stocktakes/${count.id}/apply`, {});
  const appliedBody = await applied.json();
  const applyMs = ms(t);
  const applyCpu = meter.per(1);
  if (applied.status !== 200) throw new Error(`apply answered ${applied.status} ${JSON.stringify(appliedBody)}`);

  const expected = { found: found.length, missing: missing.length, unexpected: ELSEWHERE + SOLD + UNKNOWN };
  const got = { found: closedBody.found, missing: closedBody.missing, unexpected: closedBody.unexpected };
  return {
    scans: times.length,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    max: Math.max(...times),
    perSecond: times.length / (scanWall / 1000),
    scanCpu,
    closeMs,
    varianceMs,
    closeCpu,
    applyMs,
    applyCpu,
    applied: appliedBody,
    variance: got,
    varianceRight: JSON.stringify(got) === JSON.stringify(expected),
    expected,
    wrong,
    plans,
  };
}

const loadBefore = loadAverage();
const { db, companies, seconds } = REUSE
  ? await reuse({ databaseUrl, dataDir })
  : await seed({ databaseUrl, dataDir, items: ITEMS, companies: COMPANIES, password: PASSWORD, log });
const big = companies[0];
log(REUSE ? `reusing ${companies.length} companies` : `seeded ${ITEMS} items in ${seconds.toFixed(0)} s`);
const results = [];
let child = null;
try {
  child = await startApi({ databaseUrl, dataDir, port: PORT });
  const meter = cpuMeter({ apiPid: child.pid, postmaster: await postmasterOf(db) });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: big.userName, password: PASSWORD }),
  });
  const { token } = await login.json();
  for (let r = 0; r < ROUNDS; r++) {
    log(`round ${r + 1}/${ROUNDS}: load ${loadAverage()}`);
    results.push({
      ...(await round(db, big.companyId, { authorization: `Bearer ${token}` }, r, meter)),
      load: loadAverage(),
    });
  }
} finally {
  if (child) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  await db.close();
}

const f = (x) => x.toFixed(1);
console.log(`### Stock-take, ${label}: ${ITEMS.toLocaleString('en')} items in ${COMPANIES} companies (the large one: ${big.items.toLocaleString('en')})

${REUSE ? 'A data set seeded by an earlier run (BENCH_REUSE=1).' : `Seeded in ${seconds.toFixed(0)} s.`} A location of ${LOCATION_ITEMS.toLocaleString('en')} items counted by ${SCANNERS} scanners at once, each sending its scans back to back over HTTP (${results[0]?.scans ?? 0} scans a round: ${Math.round((1 - MISSING_SHARE) * LOCATION_ITEMS)} found, ${ELSEWHERE} elsewhere, ${SOLD} sold, ${UNKNOWN} unknown, ${REPEATS} repeated), then closed. ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC. Load average before: ${loadBefore}.

| round | scan p50 ms | scan p95 ms | scan p99 ms | scan max ms | scans/s | close ms | first variance page ms | close + variance ms | apply ms | load average after |
|---|---|---|---|---|---|---|---|---|---|---|
${results
  .map(
    (x, k) =>
      `| ${k + 1} | ${f(x.p50)} | **${f(x.p95)}** | ${f(x.p99)} | ${f(x.max)} | ${x.perSecond.toFixed(0)} | ${f(x.closeMs)} | ${f(x.varianceMs)} | **${f(x.closeMs + x.varianceMs)}** | ${f(x.applyMs)} | ${x.load} |`,
  )
  .join('\n')}

${results
  .map(
    (x, k) =>
      `Round ${k + 1}: variance ${JSON.stringify(x.variance)} — ${x.varianceRight ? 'as scanned' : `**expected ${JSON.stringify(x.expected)}**`}; scan answers not as expected: ${x.wrong.length}${x.wrong.length ? ` (first: ${x.wrong.slice(0, 3).join('; ')})` : ''}; applied: ${x.applied.lost} lost, ${x.applied.moved} moved, ${x.applied.skipped} skipped. CPU per scan: API ${x.scanCpu.api} ms, PostgreSQL ${x.scanCpu.db} ms; close + first page: API ${x.closeCpu.api} ms, PostgreSQL ${x.closeCpu.db} ms; apply: API ${x.applyCpu.api} ms, PostgreSQL ${x.applyCpu.db} ms.`,
  )
  .join('\n\n')}
${
  results[0]?.plans
    ? `
<details><summary>Plan of a scan (EXPLAIN ANALYZE, BUFFERS; app role, RLS; rolled back)</summary>

\`\`\`
${results[0].plans.scan}
\`\`\`
</details>

<details><summary>Plan of the close's variance (EXPLAIN ANALYZE, BUFFERS; app role, RLS; rolled back)</summary>

\`\`\`
${results[0].plans.close}
\`\`\`
</details>
`
    : ''
}`);
