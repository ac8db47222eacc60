// What reorder points cost a sale (issue 25: "reorder evaluation after a sale adds ≤ 1 ms to the
// sale"): on the inventory data set, the large company sells one item at a time through
// POST /api/sales (one client, each sale the next in-stock item that has a model), in alternating
// phases — WITH the partial index items_model_held and a reorder point on every model (company-wide
// and at each location), and WITHOUT them (index dropped, reorder points deleted) — same run, same
// database, same API process. Per phase: the sale's time over HTTP (p50 / mean / p95), the CPU it cost
// the API and PostgreSQL, and the WAL it wrote (what the index's upkeep would add, read from the
// server, whatever the load). At the end the index is put back and the company's reorder points are
// the ones it had before the run.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   DATABASE_URL=postgres://…/that_db BENCH_REUSE=1 PHASES=6 SALES=300 node bench/inventory/reorder-cost.mjs
//   (an empty database and no BENCH_REUSE: seeds ITEMS items first, as bench/inventory/run.mjs does)
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMeter, loadAverage, pct, postmasterOf } from '../lib/measure.mjs';
import { dist, reuse, seed, startApi } from './dataset.mjs';

const ITEMS = Number(process.env.ITEMS ?? 1_000_000);
const COMPANIES = Number(process.env.COMPANIES ?? 100);
const PHASES = Number(process.env.PHASES ?? 6); // alternating, WITH first
const SALES = Number(process.env.SALES ?? 300); // per phase
const PORT = Number(process.env.BENCH_PORT ?? 8194);
const PASSWORD = 'bench-password-1';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: a PostgreSQL database (empty, or seeded earlier with BENCH_REUSE=1)');
const REUSE = process.env.BENCH_REUSE === '1';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-inv-'));
const base = `http://127.0.0.1:${PORT}`;
const log = (...a) => console.error('[reorder-cost]', ...a);
const { inTenant } = await dist('db/tenant.js');

const loadBefore = loadAverage();
const { db, companies } = REUSE
  ? await reuse({ databaseUrl, dataDir })
  : await seed({ databaseUrl, dataDir, items: ITEMS, companies: COMPANIES, password: PASSWORD, log });
const big = companies[0];
const [{ indexdef }] = await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'items_model_held'`);

// The company's own reorder points, put back at the end.
const before = await db.query(
  `SELECT company_id, model_id, location_id, min_quantity FROM reorder_points WHERE company_id = $1`,
  [big.companyId],
);

/** The reorder points of the run: one company-wide and one per location for each of the company's models. */
async function setPoints(on) {
  await db.query(`DELETE FROM reorder_points WHERE company_id = $1`, [big.companyId]); // the owner's to delete
  if (on)
    await inTenant(db, big.companyId, (q) =>
      q.query(
        `INSERT INTO reorder_points (company_id, model_id, location_id, min_quantity)
         SELECT $1::uuid, m.id, NULL::uuid, 5 FROM product_models m
         UNION ALL
         SELECT $1::uuid, m.id, l.id, 2 FROM product_models m CROSS JOIN locations l`,
        [big.companyId],
      ),
    );
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM reorder_points WHERE company_id = $1`, [
    big.companyId,
  ]);
  return n;
}
async function setWith(on) {
  const t = Date.now();
  if (on) await db.query(indexdef.replace('CREATE INDEX', 'CREATE INDEX IF NOT EXISTS'));
  else await db.query(`DROP INDEX IF EXISTS items_model_held`);
  const points = await setPoints(on);
  await db.query('CHECKPOINT'); // the index build's or drop's writes land before the phase, not in it
  return { points, seconds: (Date.now() - t) / 1000 };
}

// The items to sell: in stock, with a model, lowest serials first (as the other benches sell).
const toSell = (
  await inTenant(db, big.companyId, (q) =>
    q.query(
      `SELECT serial FROM items WHERE status = 'in_stock' AND model_id IS NOT NULL AND serial LIKE 'SN-%'
         ORDER BY serial_key LIMIT $1`,
      [PHASES * (SALES + 10)],
    ),
  )
).map((r) => r.serial);

const child = await startApi({ databaseUrl, dataDir, port: PORT });
const meter = cpuMeter({ apiPid: child.pid, postmaster: await postmasterOf(db) });
const phases = [];
try {
  const { token } = await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: big.userName, password: PASSWORD }),
    })
  ).json();
  const sell = (serial) =>
    fetch(`${base}/api/sales`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lines: [{ serial, price: 9.5 }] }),
    });
  let next = 0;
  for (let p = 0; p < PHASES; p++) {
    const on = p % 2 === 0;
    const setup = await setWith(on);
    for (let w = 0; w < 10; w++) await (await sell(toSell[next++])).arrayBuffer(); // warm the plans
    const times = [];
    let other = 0;
    const [{ lsn: from }] = await db.query(`SELECT pg_current_wal_lsn() AS lsn`);
    meter.start();
    for (let k = 0; k < SALES; k++) {
      const t = process.hrtime.bigint();
      const res = await sell(toSell[next++]);
      await res.arrayBuffer();
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      if (res.status !== 201) other++;
    }
    const cpu = meter.per(SALES);
    const [{ bytes }] = await db.query(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::float8 AS bytes`, [from]);
    phases.push({
      on,
      ...setup,
      p50: pct(times, 50),
      p95: pct(times, 95),
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      cpu,
      walPerSale: bytes / SALES,
      other,
      load: loadAverage(),
    });
    log(`phase ${p + 1}/${PHASES} (${on ? 'with' : 'without'}): mean ${phases.at(-1).mean.toFixed(2)} ms`);
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await setWith(true);
  await db.query(`DELETE FROM reorder_points WHERE company_id = $1`, [big.companyId]);
  for (const r of before)
    await db.query(
      `INSERT INTO reorder_points (company_id, model_id, location_id, min_quantity) VALUES ($1, $2, $3, $4)`,
      [r.company_id, r.model_id, r.location_id, r.min_quantity],
    );
  await db.close();
}

const f = (x, d = 1) => Number(x).toFixed(d);
const avg = (on, key) => {
  const xs = phases.filter((p) => p.on === on).map(key);
  return xs.reduce((a, b) => a + b, 0) / xs.length;
};
const row = (label, key, d = 2) =>
  `| ${label} | ${f(avg(true, key), d)} | ${f(avg(false, key), d)} | ${f(avg(true, key) - avg(false, key), d)} |`;
console.log(`### Reorder points' cost on a sale, PostgreSQL 15: ${ITEMS.toLocaleString('en')} items (the large company: ${big.items.toLocaleString('en')})

${PHASES} alternating phases of ${SALES} sales each (one client, one item a sale, every item with a model), with and without the partial index \`items_model_held\` and ${phases[0]?.points ?? 0} reorder points. ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC. Load average before: ${loadBefore}.

| phase | index + reorder points | p50 ms | mean ms | p95 ms | API CPU ms / sale | PostgreSQL CPU ms / sale | WAL bytes / sale | other answers | load average after |
|---|---|---|---|---|---|---|---|---|---|
${phases
  .map(
    (p, k) =>
      `| ${k + 1} | ${p.on ? 'with' : 'without'} | ${f(p.p50)} | ${f(p.mean, 2)} | ${f(p.p95)} | ${p.cpu.api} | ${p.cpu.db} | ${f(p.walPerSale, 0)} | ${p.other} | ${p.load} |`,
  )
  .join('\n')}

| averaged over the phases | with | without | with − without |
|---|---|---|---|
${row('p50 ms', (p) => p.p50)}
${row('mean ms', (p) => p.mean)}
${row('p95 ms', (p) => p.p95)}
${row('API CPU ms / sale', (p) => Number(p.cpu.api))}
${row('PostgreSQL CPU ms / sale', (p) => Number(p.cpu.db))}
${row('WAL bytes / sale', (p) => p.walPerSale, 0)}
`);
