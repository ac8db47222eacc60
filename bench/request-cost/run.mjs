// What our side costs per request, against anchors measured in the same run on the same machine:
//   sales — sales/s with SELLERS concurrent sellers against pgbench's TPC-B tps on the same
//           PostgreSQL server (scale 20, 20 clients, 2 threads), measured pgbench → sales → pgbench;
//   reads — GET /api/auth/getuser and GET /api/items?limit=50 at READ_CONNECTIONS connections
//           against a bare Fastify hello-world, in one process each, one after the other.
// It makes its own PostgreSQL cluster (initdb in a temporary directory, default settings, fsync and
// synchronous_commit on), seeds the inventory data set, starts the production API build on it,
// and prints a Markdown section with the ratios. The anchors run in this process's run so that a
// shared, noisy machine moves both sides of each ratio alike.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   node bench/request-cost/run.mjs
//   ITEMS=1000000 COMPANIES=100 SALE_SECONDS=20 READ_SECONDS=10 node bench/request-cost/run.mjs
//   PGLITE_READS=1 node bench/request-cost/run.mjs   → also the reads on the embedded default
//   SALES=0 node bench/request-cost/run.mjs          → the reads only (no pgbench, no sales run)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDir, seed, startApi } from '../inventory/dataset.mjs';
import { signedInOwner } from '../lib/owner.mjs';
import { cpuMs } from '../lib/measure.mjs';
import { freshServer } from '../lib/postgres.mjs';
import { scratchDir } from '../lib/scratch.mjs';
import { captureRequest, replayScript } from './capture.mjs';
import { captureOneSale, nextSerialKey, pgbenchScript, writeScript } from './sale-sql.mjs';

const apiRequire = createRequire(path.join(apiDir, 'package.json'));
const autocannon = apiRequire('autocannon');

const ITEMS = Number(process.env.ITEMS ?? 200_000);
const COMPANIES = Number(process.env.COMPANIES ?? 10);
const SELLERS = Number(process.env.SELLERS ?? 20);
const SALE_SECONDS = Number(process.env.SALE_SECONDS ?? 15);
const PGBENCH_SECONDS = Number(process.env.PGBENCH_SECONDS ?? 15);
const READ_SECONDS = Number(process.env.READ_SECONDS ?? 10);
// The reads alone take a minute where the whole comparison takes five: a lever on the request's fixed
// cost is measured against its anchor more often, at quieter moments, with SALES=0.
const SALES = process.env.SALES !== '0';
const READ_CONNECTIONS = Number(process.env.READ_CONNECTIONS ?? 200);
// The API's pool (db/postgres.ts), which the replayed SQL's anchor uses too.
const POOL_SIZE = process.env.DATABASE_POOL_SIZE || '10';
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54395);
const PORT = Number(process.env.BENCH_PORT ?? 8195);
const PASSWORD = 'bench-password-1';
const base = `http://127.0.0.1:${PORT}`;
const log = (...a) => console.error('[request-cost]', ...a);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

// ── CPU time per request: what a loaded, shared machine moves least ──
// Other engineers' jobs move req/s by 2× between identical runs on this machine; the CPU a request
// costs the API process and the PostgreSQL server (user + system, from /proc, Linux only) moves far
// less, so each read and the sales also print it, per request.
/** CPU ms per request of `pid` (and of the PostgreSQL server, when `withServer`) while `work` runs. */
async function perRequest(pid, withServer, work) {
  const [a, s] = [cpuMs(pid), withServer ? server.cpuMs() : 0];
  const r = await work();
  const n = Math.max(1, r['2xx']);
  return { r, apiCpu: (cpuMs(pid) - a) / n, dbCpu: withServer ? (server.cpuMs() - s) / n : 0 };
}

// ── the PostgreSQL server: a fresh cluster, default settings ──
const server = freshServer(PG_PORT, 'cost');
const { databaseUrl } = server;
const pgbench = () => server.pgbench('pgbench', PGBENCH_SECONDS).tps;

function run(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));
}

// ── the anchors, each a server in its own process like the API ──
/** A server started with `args` (node's), answering GET / on `port` once it is up. */
async function anchorServer(args, port) {
  const child = spawn(process.execPath, args, { cwd: apiDir, stdio: ['ignore', 'ignore', 'inherit'] });
  process.once('exit', () => child.kill('SIGKILL'));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`the anchor server (${args.join(' ').slice(0, 60)}) did not start`);
}

const bareFastify = (port) =>
  anchorServer(
    [
      '-e',
      `const app = require('fastify')({ logger: false });
       app.get('/', async () => ({ hello: 'world' }));
       app.listen({ port: ${port}, host: '127.0.0.1' });`,
    ],
    port,
  );

const stop = (child) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/**
 * The statements the API sends for `url` (capture.mjs), behind a bare Fastify server on `port`
 * (replay-server.mjs) with the API's pool size: `first` picks the request's first statement.
 */
async function replayAnchor(url, headers, first, port) {
  const steps = await captureRequest({
    logFile: server.logFile,
    psql: server.psql,
    first,
    send: async () => {
      const answer = await fetch(url, { headers });
      if (!answer.ok) throw new Error(`${url} answered ${answer.status} while captured`);
      await answer.arrayBuffer();
    },
  });
  // The database alone first (pgbench: no HTTP, no Node.js), then behind the bare Fastify.
  const bench = path.join(dataDir, `replay-${port}.pgbench`);
  writeFileSync(bench, replayScript(steps));
  const alone = server.pgbench(server.database, READ_SECONDS, ['-n', '-M', 'simple', '-D', 'n=0', '-f', bench]);
  const file = path.join(dataDir, `replay-${port}.json`);
  writeFileSync(file, JSON.stringify(steps));
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'replay-server.mjs');
  return { steps, alone, child: await anchorServer([script, String(port), file, databaseUrl, POOL_SIZE], port) };
}

async function reads(token, anchorPort, apiPid, withServer) {
  const headers = { authorization: `Bearer ${token}` };
  const measure = async (url, pid, h = headers) => {
    await run({ url, headers: h, connections: READ_CONNECTIONS, duration: 2 }); // warm
    const { r, apiCpu, dbCpu } = await perRequest(pid, withServer, () =>
      run({ url, headers: h, connections: READ_CONNECTIONS, duration: READ_SECONDS }),
    );
    if (r.non2xx || r.errors) log(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p99: r.latency.p99, ok: r['2xx'], bad: r.non2xx + r.errors, apiCpu, dbCpu };
  };
  const measureAnchor = async (child) => {
    try {
      return await measure(`http://127.0.0.1:${anchorPort}/`, child.pid, {});
    } finally {
      await stop(child);
    }
  };
  const bare = await measureAnchor(await bareFastify(anchorPort));
  // On PostgreSQL, the same SQL without the API: the anchor that says whether a ratio is the SQL's.
  const replay = async (url, first) => {
    const { steps, alone, child } = await replayAnchor(url, headers, first, anchorPort);
    log(`${url}: ${steps.length} statements captured; by pgbench ${alone.tps.toFixed(0)} tps, ${alone.failed} failed:`);
    for (const step of steps) log(`  ${(step.text ?? step.sql).replace(/\s+/g, ' ').slice(0, 2000)}`);
    return { ...(await measureAnchor(child)), alone };
  };
  const getuserSql = withServer ? await replay(`${base}/api/auth/getuser`, /stockwise_getuser\(/) : null;
  const getuser = await measure(`${base}/api/auth/getuser`, apiPid);
  const listSql = withServer ? await replay(`${base}/api/items?limit=50`, /stockwise_enter\(/) : null;
  const list = await measure(`${base}/api/items?limit=50`, apiPid);
  return { bare, getuser, list, getuserSql, listSql };
}

// ── 1. pgbench before ──
log(`PostgreSQL at ${databaseUrl}; load ${load()}`);
if (SALES) {
  server.initPgbench(20);
}
const loadBefore = load();
const tpsBefore = SALES ? pgbench() : NaN;
if (SALES) log(`pgbench before: ${tpsBefore.toFixed(0)} tps`);

// ── 2. the sales run ──
const dataDir = scratchDir('cost');
const { db, companies, seconds } = await seed({
  databaseUrl,
  dataDir,
  items: ITEMS,
  companies: COMPANIES,
  password: PASSWORD,
  log,
});
log(`seeded ${ITEMS} items in ${seconds.toFixed(0)} s`);
await db.query('CHECKPOINT');
let api = await startApi({ databaseUrl, dataDir, port: PORT });
// However the run ends: an API left running holds the port, and the next run would measure it.
process.once('exit', () => api.kill('SIGKILL'));
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: companies[0].userName, password: PASSWORD }),
});
const { token } = await login.json();
const statsBefore = (
  await db.query(
    `SELECT n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'items'`,
  )
)[0];
const walBefore = (await db.query(`SELECT wal_records::bigint AS r FROM pg_stat_wal`))[0].r;
let next = 0;
const noSales = { r: { '2xx': 0, non2xx: 0, errors: 0 }, apiCpu: NaN, dbCpu: NaN };
const sellable = (k) => `SN-${String(10 * k + 1).padStart(8, '0')}`; // g % 10 < 6 is in stock
const {
  r: sales,
  apiCpu: saleApiCpu,
  dbCpu: saleDbCpu,
} = !SALES
  ? noSales
  : await perRequest(api.pid, true, () =>
      run({
        url: `${base}/api/sales`,
        connections: SELLERS,
        duration: SALE_SECONDS,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ lines: [{ serial: sellable(next++), price: 9.5 }] }),
            }),
          },
        ],
      }),
    );
const salesPerSecond = sales['2xx'] / SALE_SECONDS;
await new Promise((r) => setTimeout(r, 1000)); // the statistics collector's flush
const statsAfter = (
  await db.query(
    `SELECT n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'items'`,
  )
)[0];
const walAfter = (await db.query(`SELECT wal_records::bigint AS r FROM pg_stat_wal`))[0].r;
const [{ n: doubles }] = await db.query(
  `SELECT count(*)::int AS n FROM (SELECT item_id FROM sale_lines GROUP BY company_id, item_id HAVING count(*) > 1) d`,
);
if (SALES) log(`sales: ${salesPerSecond.toFixed(0)}/s, ${sales.non2xx} non-2xx, ${doubles} sold twice`);

// ── 2b. the sale's own statements, by pgbench (sale-sql.mjs) ──
// The in-stock serials the API's sellers do not take (their g ends in 1): g ends in 2…5.
const saleSql = SALES ? await saleStatementsByPgbench() : null;
if (saleSql) log(`the sale's statements by pgbench: ${saleSql.tps.toFixed(0)} tps, ${saleSql.failed} failed`);
async function saleStatementsByPgbench() {
  const sale = await captureOneSale({ db, base, token, company: companies[0].companyId, server });
  const company = sale.company;
  const script = pgbenchScript(sale.captured, {
    ...sale,
    next: nextSerialKey(),
  });
  const file = writeScript(dataDir, script);
  const salesOf = async () =>
    (await db.query(`SELECT count(*)::int AS n FROM sales WHERE company_id = $1`, [company]))[0].n;
  const before = await salesOf();
  const w0 = (await db.query(`SELECT wal_records::bigint AS r FROM pg_stat_wal`))[0].r;
  const result = server.pgbench(server.database, PGBENCH_SECONDS, ['-n', '-M', 'simple', '-D', 'n=0', '-f', file]);
  const w1 = (await db.query(`SELECT wal_records::bigint AS r FROM pg_stat_wal`))[0].r;
  const n = Math.max(1, result.done);
  // Each replayed transaction is a real sale: one more row in sales, its item sold.
  const made = (await salesOf()) - before;
  if (made !== result.done) throw new Error(`pgbench reported ${result.done} sales, the database holds ${made} more`);
  return { ...result, wal: (w1 - w0) / n, dbCpu: result.cpu };
}

// ── 3. pgbench after (the API idle) ──
const tpsAfter = SALES ? pgbench() : NaN;
if (SALES) log(`pgbench after: ${tpsAfter.toFixed(0)} tps`);

// ── 4. reads on PostgreSQL ──
const pgReads = await reads(token, PORT + 1, api.pid, true);
await stop(api);
await db.close();

// ── 5. reads on the embedded default (PGlite), when asked ──
let pgliteReads = null;
if (process.env.PGLITE_READS === '1') {
  const pgliteDir = scratchDir('cost-pglite');
  api = await startApi({ databaseUrl: null, dataDir: pgliteDir, port: PORT });
  try {
    const owner = await signedInOwner(base);
    pgliteReads = await reads(owner.token, PORT + 1, api.pid, false);
  } finally {
    await stop(api);
  }
}
const loadAfter = load();
server.stop();

const anchorTps = (tpsBefore + tpsAfter) / 2;
const ratio = (a, b) => (a / b).toFixed(3);
const f0 = (n) => n.toFixed(0);
const f2 = (n) => n.toFixed(2);
const cpu = (m, db) => `${f2(m.apiCpu)}${db ? ` + ${f2(m.dbCpu)}` : ''}`;
const sqlRow = (name, sql, r) =>
  sql
    ? `| ${name}'s own SQL by pgbench, 20 clients: no HTTP, no Node.js (${sql.alone.done} done, ${sql.alone.failed} failed) | ${f0(sql.alone.tps)} | | ${ratio(sql.alone.tps, r.bare.rps)} | ${f2(sql.alone.cpu)} (PostgreSQL) |
| ${name}'s own SQL behind a bare Fastify, pg pool of ${POOL_SIZE}: no API | ${f0(sql.rps)} | ${sql.p99} | ${ratio(sql.rps, r.bare.rps)} | ${cpu(sql, true)} |
`
    : '';
const readRows = (
  label,
  r,
  db,
) => `| ${label}: bare Fastify \`GET /\` | ${f0(r.bare.rps)} | ${r.bare.p99} | 1 | ${f2(r.bare.apiCpu)} |
${sqlRow('getuser', r.getuserSql, r)}| ${label}: \`GET /api/auth/getuser\` | ${f0(r.getuser.rps)} | ${r.getuser.p99} | ${ratio(r.getuser.rps, r.bare.rps)}${r.getuserSql ? ` (${ratio(r.getuser.rps, r.getuserSql.rps)} of its SQL's)` : ''} | ${cpu(r.getuser, db)} |
${sqlRow('the item list', r.listSql, r)}| ${label}: \`GET /api/items?limit=50\` | ${f0(r.list.rps)} | ${r.list.p99} | ${ratio(r.list.rps, r.bare.rps)}${r.listSql ? ` (${ratio(r.list.rps, r.listSql.rps)} of its SQL's)` : ''} | ${cpu(r.list, db)} |`;
const hotShare =
  statsAfter.upd - statsBefore.upd ? (statsAfter.hot - statsBefore.hot) / (statsAfter.upd - statsBefore.upd) : 0;

const salesSection = `| sales | per second | ratio |
| --- | --- | --- |
| pgbench TPC-B, scale 20, 20 clients, 2 threads — before | ${f0(tpsBefore)} | |
| sales, ${SELLERS} sellers, one line each (${sales['2xx']} sold, ${sales.non2xx} refused, ${sales.errors} errors) | ${f0(salesPerSecond)} | **${ratio(salesPerSecond, anchorTps)}** × mean pgbench |
| pgbench — after | ${f0(tpsAfter)} | |
| the sale's own statements by pgbench, no API (20 clients, 2 threads; ${saleSql?.done} done, ${saleSql?.failed} failed) | ${f0(saleSql?.tps ?? NaN)} | **${ratio(saleSql?.tps ?? NaN, anchorTps)}** × mean pgbench |
| sales through the API against the sale's own statements | | **${ratio(salesPerSecond, saleSql?.tps ?? NaN)}** |

Items sold twice: **${doubles}**. Item updates during the sales: ${statsAfter.upd - statsBefore.upd}, of them HOT ${statsAfter.hot - statsBefore.hot} (${(100 * hotShare).toFixed(0)} %). WAL records per sale: ${((walAfter - walBefore) / Math.max(1, sales['2xx'])).toFixed(1)}. CPU a sale: API ${f2(saleApiCpu)} ms, PostgreSQL ${f2(saleDbCpu)} ms. The same statements by pgbench: ${(saleSql?.wal ?? NaN).toFixed(1)} WAL records and ${f2(saleSql?.dbCpu ?? NaN)} ms of PostgreSQL's CPU a sale.

`;

console.log(`### Request cost against its anchors (${new Date().toISOString().slice(0, 10)})

\`${SALES ? '' : 'SALES=0 '}node bench/request-cost/run.mjs\` with ITEMS=${ITEMS} COMPANIES=${COMPANIES} SELLERS=${SELLERS} SALE_SECONDS=${SALE_SECONDS} PGBENCH_SECONDS=${PGBENCH_SECONDS} READ_CONNECTIONS=${READ_CONNECTIONS} READ_SECONDS=${READ_SECONDS}; ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}; load average before ${loadBefore}, after ${loadAfter}. A fresh PostgreSQL 15 cluster with default settings (fsync, synchronous_commit on).

${SALES ? salesSection : ''}| reads, ${READ_CONNECTIONS} connections | req/s | p99 ms | ratio to bare Fastify | CPU ms a request (API + PostgreSQL) |
| --- | --- | --- | --- | --- |
${readRows('PostgreSQL', pgReads, true)}${pgliteReads ? `\n${readRows('PGlite', pgliteReads, false)}` : ''}
`);
process.exit(0);
