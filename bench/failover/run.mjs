// The failover test: 20 sellers sell continuously through the gateway and two API replicas on a
// pg_auto_failover cluster (scripts/lib/ha.mjs: monitor, primary, synchronous standby); the
// primary's server is lost (SIGKILL to its postmaster and its pg_autoctl), pg_auto_failover promotes
// the standby, the old server is started again and rejoins as the standby, and the same is done the other way. For each failover it counts:
//   acknowledged sales lost (an answered 2xx whose sale is not in the database at the end) — must be 0;
//   items sold twice — must be 0;
//   the longest time with no successful sale (target ≤ 15 s on this machine);
//   answers 5xx other than 503 — must be 0.
// A seller whose sale is refused 503 (or whose connection fails) sends the same sale again with
// the same Idempotency-Key, as the shell does, after the Retry-After (at most 1 s here).
// Exits 1 if any count is off. Prints a Markdown section for docs/benchmarks.md.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`; needs
// `apt-get install postgresql-15-auto-failover`, and root or the postgres user):
//   node bench/failover/run.mjs
//   FAILOVER_PG_PORT=54410 FAILOVER_PORT=18408 SELLERS=20 node bench/failover/run.mjs
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seed, startApi } from '../inventory/dataset.mjs';
import { haCluster } from '../../scripts/lib/ha.mjs';
import { buildGateway } from '../../scripts/gateway.mjs';

const SELLERS = Number(process.env.SELLERS ?? 20);
const ITEMS = Number(process.env.ITEMS ?? 100_000);
// Each seller waits this long between two sales: the run lasts minutes (the old primary's rejoin
// is most of it) and every sale needs an in-stock item of its own.
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 150);
const PG_PORT = Number(process.env.FAILOVER_PG_PORT ?? 54410);
const PORT = Number(process.env.FAILOVER_PORT ?? 18408);
const STEADY_MS = Number(process.env.STEADY_SECONDS ?? 10) * 1000;
const GAP_TARGET_MS = 15_000;
const PASSWORD = 'bench-password-1';
const base = `http://127.0.0.1:${PORT}`;
const started = Date.now();
const log = (...a) => console.error(`[failover ${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-failover-'));
const cluster = haCluster({ dir, portBase: PG_PORT, log });
const apis = [];
let gateway;
let db;
async function cleanUp() {
  await gateway?.close().catch(() => undefined);
  for (const api of apis) api.kill('SIGTERM');
  await db?.close().catch(() => undefined);
  await cluster.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}

try {
  const url = await cluster.start();
  log(`cluster: ${url}`);
  const seeded = await seed({ databaseUrl: url, dataDir: dir, items: ITEMS, companies: 1, password: PASSWORD, log });
  db = seeded.db;
  const owner = seeded.companies[0];
  log(`seeded ${ITEMS / 2} items in ${seeded.seconds.toFixed(0)} s`);
  for (const port of [PORT + 1, PORT + 2])
    apis.push(await startApi({ databaseUrl: url, dataDir: dir, port, env: { DATABASE_POOL_SIZE: '10' } }));
  gateway = await buildGateway({ apiUrl: [`http://127.0.0.1:${PORT + 1}`, `http://127.0.0.1:${PORT + 2}`] });
  await gateway.listen({ port: PORT, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: owner.userName, password: PASSWORD }),
  });
  const { token } = await login.json();

  // ── the sellers ──
  const acked = []; // { saleId, serial, at }
  const fiveHundreds = []; // non-503 5xx: { status, body, at }
  const refusals = []; // a 4xx the sale should not get: { status, body }
  let retries = 0;
  let next = 0;
  let selling = true;
  // The seed's in-stock serials: number g is in stock when g % 10 is 0 to 5 (bench/inventory/dataset.mjs).
  const IN_STOCK = [1, 2, 3, 4, 5, 10];
  const sellable = (k) => `SN-${String(10 * Math.floor(k / 6) + IN_STOCK[k % 6]).padStart(8, '0')}`;
  const available = Math.floor(ITEMS / 2 / 10) * 6;
  async function sell(serial) {
    const key = randomUUID();
    const body = JSON.stringify({ lines: [{ serial, price: 9.5 }] });
    for (;;) {
      let res;
      try {
        res = await fetch(`${base}/api/sales`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body,
        });
      } catch {
        retries++;
        await sleep(250); // the connection failed: the same sale, the same key, again
        continue;
      }
      const text = await res.text();
      if (res.status === 201 || res.status === 200) {
        acked.push({ saleId: JSON.parse(text).id, serial, at: Date.now() });
        return;
      }
      if (res.status === 503 || (res.status === 409 && text.includes('IDEMPOTENCY_KEY_IN_USE'))) {
        retries++;
        await sleep(Math.min(1000, Number(res.headers.get('retry-after') ?? 1) * 1000));
        continue;
      }
      if (res.status >= 500) fiveHundreds.push({ status: res.status, body: text.slice(0, 200), at: Date.now() });
      else refusals.push({ status: res.status, body: text.slice(0, 200) });
      return;
    }
  }
  const sellers = Array.from({ length: SELLERS }, async () => {
    while (selling) {
      if (next >= available) throw new Error('the sellers ran out of in-stock items: raise ITEMS or PAUSE_MS');
      await sell(sellable(next++));
      await sleep(PAUSE_MS);
    }
  });

  /** The longest stretch without an acknowledged sale from `from` until `to`. */
  const longestGap = (from, to) => {
    const times = [from, ...acked.map((a) => a.at).filter((t) => t > from && t <= to), to];
    let gap = 0;
    for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i] - times[i - 1]);
    return gap;
  };

  const rounds = [];
  await sleep(STEADY_MS);
  for (let round = 1; round <= 2; round++) {
    const primary = (await cluster.nodes()).find((n) => n.reported === 'primary');
    const before = { acked: acked.length, fiveHundreds: fiveHundreds.length, refusals: refusals.length };
    const steadyRate = acked.filter((a) => a.at > Date.now() - STEADY_MS).length / (STEADY_MS / 1000);
    log(`round ${round}: ${steadyRate.toFixed(0)} sales/s; kill -9 ${primary.name}'s postmaster and pg_autoctl`);
    const killedAt = Date.now();
    cluster.kill(primary.name);
    let promotedAt = null;
    await cluster.waitFor('the standby promoted', async () => {
      const ns = await cluster.nodes();
      const ok = ns.some((n) => n.name !== primary.name && ['wait_primary', 'primary'].includes(n.reported));
      if (ok) promotedAt ??= Date.now();
      return ok;
    });
    log(
      `round ${round}: promoted after ${((promotedAt - killedAt) / 1000).toFixed(1)} s; ${primary.name}'s server started again`,
    );
    cluster.restart(primary.name);
    await cluster.waitFor(`${primary.name} back as the standby`, cluster.settled, 300_000);
    const rejoinedAt = Date.now();
    log(`round ${round}: ${primary.name} rejoined after ${((rejoinedAt - killedAt) / 1000).toFixed(1)} s`);
    await sleep(STEADY_MS);
    rounds.push({
      round,
      killed: primary.name,
      steadyRate,
      promoted: (promotedAt - killedAt) / 1000,
      rejoined: (rejoinedAt - killedAt) / 1000,
      gap: longestGap(killedAt, Date.now()) / 1000,
      acked: acked.length - before.acked,
      fiveHundreds: fiveHundreds.length - before.fiveHundreds,
      refusals: refusals.length - before.refusals,
    });
  }
  selling = false;
  await Promise.all(sellers);

  // ── what the database holds ──
  const ids = acked.map((a) => a.saleId);
  const query = async (sql, params) => {
    for (let i = 0; ; i++) {
      try {
        return await db.query(sql, params);
      } catch (error) {
        if (i > 10) throw error;
        await sleep(500);
      }
    }
  };
  const [{ n: present }] = await query(`SELECT count(*)::int AS n FROM sales WHERE id = ANY($1::uuid[])`, [ids]);
  const [{ n: doubles }] = await query(
    `SELECT count(*)::int AS n FROM (SELECT item_id FROM sale_lines GROUP BY company_id, item_id HAVING count(*) > 1) d`,
  );
  const lost = ids.length - present;
  const pass =
    lost === 0 &&
    doubles === 0 &&
    fiveHundreds.length === 0 &&
    refusals.length === 0 &&
    rounds.every((r) => r.gap <= GAP_TARGET_MS / 1000);
  const seconds = (Date.now() - started) / 1000;

  console.log(`
### Failover under sales (bench/failover, ${new Date().toISOString().slice(0, 10)})

${SELLERS} sellers through the gateway and two API replicas; pg_auto_failover 2.0, PostgreSQL 15, a primary and
a synchronous standby on this machine (load ${os.loadavg()[0].toFixed(1)}); \`kill -9\` of the primary's postmaster and its pg_autoctl (a server lost), then both started again.

| round | killed | sales/s before | promoted after | no successful sale for | rejoined as standby after | sales acknowledged |
|---|---|---|---|---|---|---|
${rounds.map((r) => `| ${r.round} | ${r.killed} | ${r.steadyRate.toFixed(0)} | ${r.promoted.toFixed(1)} s | ${r.gap.toFixed(1)} s | ${r.rejoined.toFixed(1)} s | ${r.acked} |`).join('\n')}

Acknowledged sales lost: **${lost}** of ${ids.length}; items sold twice: **${doubles}**; 5xx other than 503:
**${fiveHundreds.length}**; other refusals: ${refusals.length}; resends after a 503 or a lost connection: ${retries}.
The whole run (cluster, seed, two failovers) took ${seconds.toFixed(0)} s. ${pass ? 'PASS' : 'FAIL'}
`);
  if (fiveHundreds.length) log('5xx:', fiveHundreds.slice(0, 5));
  if (refusals.length) log('refusals:', refusals.slice(0, 5));
  await cleanUp();
  process.exit(pass ? 0 : 1);
} catch (error) {
  log(error);
  await cleanUp();
  process.exit(1);
}
