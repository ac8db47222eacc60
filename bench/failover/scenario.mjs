// Failover under sales, the one scenario that bench/failover/run.mjs measures and
// scripts/test-failover.mjs (CI) asserts: SELLERS sellers sell continuously through the gateway and
// two API replicas on a pg_auto_failover cluster of its own (scripts/lib/ha.mjs: monitor, primary,
// synchronous standby); in each round the primary's server is lost (SIGKILL to its postmaster and
// its pg_autoctl), pg_auto_failover promotes the standby, the lost server is started again and
// rejoins as the standby — round 2 does the same the other way. It counts, for the caller to judge:
//   acknowledged sales lost (an answered 2xx whose sale is not in the database at the end);
//   items sold twice; the longest time with no successful sale; answers 5xx other than 503.
// A seller whose sale is refused 503 (or whose connection fails) sends the same sale again with the
// same Idempotency-Key, as the shell does, after the Retry-After (at most 1 s here).
// Needs the API's production build and `apt-get install postgresql-15-auto-failover`; root or the
// postgres user.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seed, startApi } from '../inventory/dataset.mjs';
import { haCluster } from '../../scripts/lib/ha.mjs';
import { buildGateway } from '../../scripts/gateway.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PASSWORD = 'bench-password-1';

/**
 * @param {object} o
 * @param {number} o.rounds    1: one failover; 2: and back the other way
 * @param {number} o.items     seeded items (half in-stock-able for the sellers)
 * @param {number} o.sellers
 * @param {number} o.pauseMs   each seller's pause between two sales
 * @param {number} o.steadyMs  selling before the first kill and after each rejoin
 * @param {number} o.pgPort    the monitor's port; the nodes take the next two
 * @param {number} o.port      the gateway's port; the API replicas take the next two
 * @param {(ctx: {base: string, token: string, cluster: object, sql: Function, sell: Function}) => Promise<object>} [o.after]
 *   more checks on the cluster while it still runs (its answer is returned as `after`); `sell()`
 *   sells one more item and answers { saleId, serial, at } once acknowledged
 * @param {object} [o.apiEnv]  more environment for the API replicas
 */
export async function failoverUnderSales({
  rounds: ROUNDS,
  items: ITEMS,
  sellers: SELLERS,
  pauseMs: PAUSE_MS,
  steadyMs: STEADY_MS,
  pgPort,
  port: PORT,
  after,
  apiEnv = {},
  log = () => {},
}) {
  const started = Date.now();
  const base = `http://127.0.0.1:${PORT}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sw-failover-'));
  const cluster = haCluster({ dir, portBase: pgPort, log });
  const apis = [];
  let gateway;
  let db;
  try {
    const url = await cluster.start();
    log(`cluster formed in ${((Date.now() - started) / 1000).toFixed(0)} s: ${url}`);
    const seeded = await seed({ databaseUrl: url, dataDir: dir, items: ITEMS, companies: 1, password: PASSWORD, log });
    db = seeded.db;
    const owner = seeded.companies[0];
    log(`seeded ${ITEMS / 2} items in ${seeded.seconds.toFixed(0)} s`);
    // Reports and the dashboard read the standby, as `npm run start:ha` sets it up.
    const readUrl = url.replace('target_session_attrs=read-write', 'target_session_attrs=prefer-standby');
    const env = { DATABASE_POOL_SIZE: '10', DATABASE_READ_URL: readUrl, ...apiEnv };
    for (const p of [PORT + 1, PORT + 2]) apis.push(await startApi({ databaseUrl: url, dataDir: dir, port: p, env }));
    gateway = await buildGateway({ apiUrl: [`http://127.0.0.1:${PORT + 1}`, `http://127.0.0.1:${PORT + 2}`] });
    await gateway.listen({ port: PORT, host: '127.0.0.1' });
    log('two API replicas and the gateway answer');
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
        let text;
        try {
          res = await fetch(`${base}/api/sales`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
            body,
          });
          // An answer cut off before its end ("other side closed") is no answer either.
          text = await res.text();
        } catch {
          retries++;
          await sleep(250); // the connection failed: the same sale, the same key, again
          continue;
        }
        if (res.status === 201 || res.status === 200) {
          const sale = { saleId: JSON.parse(text).id, serial, at: Date.now() };
          acked.push(sale);
          return sale;
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
    // A seller's error is thrown by the Promise.all below, after which `finally` stops the cluster;
    // left unhandled meanwhile, it would end the process at once with the cluster still running.
    for (const seller of sellers) seller.catch(() => undefined);

    /** The longest stretch without an acknowledged sale from `from` until `to`. */
    const longestGap = (from, to) => {
      const times = [from, ...acked.map((a) => a.at).filter((t) => t > from && t <= to), to];
      let gap = 0;
      for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i] - times[i - 1]);
      return gap;
    };

    const rounds = [];
    await sleep(STEADY_MS);
    for (let round = 1; round <= ROUNDS; round++) {
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
      // What an operator sees meanwhile in cluster.json (npm run start:ha writes it the same way).
      const stateFile = path.join(dir, 'cluster.json');
      await cluster.writeState(stateFile, url);
      const whileDown = JSON.parse(readFileSync(stateFile, 'utf8')).nodes;
      log(
        `round ${round}: promoted after ${((promotedAt - killedAt) / 1000).toFixed(1)} s; ${primary.name}'s server started again`,
      );
      await cluster.restart(primary.name);
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
        whileDown,
      });
    }
    selling = false;
    await Promise.all(sellers);

    // ── what the database holds ──
    const sql = async (text, params) => {
      for (let i = 0; ; i++) {
        try {
          return await db.query(text, params);
        } catch (error) {
          if (i > 10) throw error;
          await sleep(500);
        }
      }
    };
    const ids = acked.map((a) => a.saleId);
    const [{ n: present }] = await sql(`SELECT count(*)::int AS n FROM sales WHERE id = ANY($1::uuid[])`, [ids]);
    const [{ n: doubles }] = await sql(
      `SELECT count(*)::int AS n FROM (SELECT item_id FROM sale_lines GROUP BY company_id, item_id HAVING count(*) > 1) d`,
    );
    const more = after ? await after({ base, token, cluster, sql, sell: () => sell(sellable(next++)) }) : undefined;
    return {
      rounds,
      acknowledged: ids.length,
      lost: ids.length - present,
      doubles,
      fiveHundreds,
      refusals,
      retries,
      after: more,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    const stopping = Date.now();
    await gateway?.close().catch(() => undefined);
    for (const api of apis) api.kill('SIGTERM');
    await db?.close().catch(() => undefined);
    await cluster.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    log(`stopped and deleted in ${((Date.now() - stopping) / 1000).toFixed(0)} s`);
  }
}
