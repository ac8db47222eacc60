// What the synchronous standby costs a sale: sales/s through the production API on a
// pg_auto_failover cluster (scripts/lib/ha.mjs: primary + synchronous standby, the API on the
// multi-host URL) against the same API on one PostgreSQL server with the same settings otherwise
// (scripts/postgres-server.sh), in the same run on the same machine: single, cluster, single,
// cluster, so a shared machine's load moves both alike. Each: SELLERS sellers (autocannon
// connections) selling one in-stock item per request for SALE_SECONDS.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`; needs
// `apt-get install postgresql-15-auto-failover`, root or the postgres user):
//   node bench/failover/cost.mjs
//   COST_PG_PORT=54420 COST_PORT=18417 SALE_SECONDS=15 node bench/failover/cost.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDir, seed, startApi } from '../inventory/dataset.mjs';
import { haCluster } from '../../scripts/lib/ha.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const autocannon = createRequire(path.join(apiDir, 'package.json'))('autocannon');
const ITEMS = Number(process.env.ITEMS ?? 40_000);
const SELLERS = Number(process.env.SELLERS ?? 20);
const SALE_SECONDS = Number(process.env.SALE_SECONDS ?? 15);
const PG_PORT = Number(process.env.COST_PG_PORT ?? 54450);
const PORT = Number(process.env.COST_PORT ?? 18450);
const PASSWORD = 'bench-password-1';
const started = Date.now();
const log = (...a) => console.error(`[failover cost ${((Date.now() - started) / 1000).toFixed(0)}s]`, ...a);
const serverScript = path.join(here, '..', '..', 'scripts', 'postgres-server.sh');
const singleEnv = {
  ...process.env,
  PG_TEST_DIR: path.join(os.tmpdir(), 'sw-cost-single'),
  PG_TEST_PORT: String(PG_PORT + 3),
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-failover-cost-'));
const cluster = haCluster({ dir, portBase: PG_PORT, log });
const cleanups = [];
try {
  const targets = [];
  const singleUrl = execFileSync(serverScript, ['start'], { env: singleEnv, encoding: 'utf8' }).trim();
  cleanups.push(() => execFileSync(serverScript, ['stop'], { env: singleEnv, stdio: 'ignore' }));
  const clusterUrl = await cluster.start();
  cleanups.push(() => cluster.stop());
  for (const [name, url, port] of [
    ['one server', singleUrl, PORT + 1],
    ['cluster (synchronous standby)', clusterUrl, PORT + 2],
  ]) {
    const seeded = await seed({ databaseUrl: url, dataDir: dir, items: ITEMS, companies: 1, password: PASSWORD, log });
    await seeded.db.query('CHECKPOINT');
    cleanups.push(() => seeded.db.close());
    const api = await startApi({ databaseUrl: url, dataDir: dir, port });
    cleanups.push(() => api.kill('SIGTERM'));
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: seeded.companies[0].userName, password: PASSWORD }),
    });
    const { token } = await login.json();
    targets.push({ name, port, token, next: 0, runs: [] });
    log(`${name}: seeded, API on ${port}`);
  }
  // The seed's in-stock serials: number g is in stock when g % 10 is 0 to 5 (bench/inventory/dataset.mjs).
  const sellable = (k) => `SN-${String(10 * k + 1).padStart(8, '0')}`;
  for (let pass = 0; pass < 2; pass++)
    for (const t of targets) {
      const r = await new Promise((resolve, reject) =>
        autocannon(
          {
            url: `http://127.0.0.1:${t.port}/api/sales`,
            connections: SELLERS,
            duration: SALE_SECONDS,
            method: 'POST',
            headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
            requests: [
              {
                setupRequest: (req) => ({
                  ...req,
                  body: JSON.stringify({ lines: [{ serial: sellable(t.next++), price: 9.5 }] }),
                }),
              },
            ],
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        ),
      );
      const run = {
        perSecond: r['2xx'] / SALE_SECONDS,
        p50: r.latency.p50,
        p99: r.latency.p99,
        bad: r.non2xx + r.errors,
      };
      t.runs.push(run);
      log(`${t.name}: ${run.perSecond.toFixed(1)} sales/s, p50 ${run.p50} ms, ${run.bad} not 2xx`);
    }
  const mean = (t, k) => t.runs.reduce((n, r) => n + r[k], 0) / t.runs.length;
  const [single, replicated] = targets;
  console.log(`
### Sales on the cluster against one server (bench/failover/cost.mjs, ${new Date().toISOString().slice(0, 16)} UTC)

${SELLERS} sellers, ${SALE_SECONDS} s per run, runs alternated (one server, cluster, one server, cluster); one API
process each; load average ${os.loadavg()[0].toFixed(1)} at the end.

| database | sales/s (each run) | mean | p50 latency (mean) | not 2xx |
|---|---|---|---|---|
${targets.map((t) => `| ${t.name} | ${t.runs.map((r) => r.perSecond.toFixed(1)).join(', ')} | ${mean(t, 'perSecond').toFixed(1)} | ${mean(t, 'p50').toFixed(0)} ms | ${t.runs.reduce((n, r) => n + r.bad, 0)} |`).join('\n')}

The cluster sells at **${((100 * mean(replicated, 'perSecond')) / mean(single, 'perSecond')).toFixed(0)} %** of one server's rate.
`);
} catch (error) {
  log(error);
  process.exitCode = 1;
} finally {
  for (const clean of cleanups.reverse())
    await Promise.resolve()
      .then(clean)
      .catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
  process.exit();
}
