#!/usr/bin/env node
// `npm run test:failover` (CI, .ci/run): the failover scenario of bench/failover/scenario.mjs on a
// cluster of its own — 20 sellers, the primary's server lost once, pg_auto_failover promotes the
// standby, the lost server rejoins — and what a company would notice asserted: no acknowledged sale
// lost, no item sold twice, no answer 5xx other than 503, and sales back within the bound with a
// generous margin for a loaded CI machine. Then, on the same cluster: a report (read from the
// standby) shows a sale just made within its staleness bound; the monitor refuses a connection
// without its password and listens on 127.0.0.1 only. FAILOVER_ROUNDS=2 also fails back the other way (≈ 1 min more).
// Needs `apt-get install postgresql-15-auto-failover` (.ci/run installs it) and root or the
// postgres user. Ports: FAILOVER_PG_PORT (54440…54442), FAILOVER_PORT (18440…18442).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib/workspace.mjs';

// docs/deploying.md states sales resume within 15 s of losing the primary (measured 11–12 s on this
// machine, bench/failover); CI allows twice that, so a slow runner does not fail a sound cluster.
const GAP_BOUND_S = 30;
// Reports read the standby at most DATABASE_READ_MAX_LAG_SECONDS (default 5) behind.
const READ_LAG_BOUND_S = 5;
const pg = createRequire(join(root, 'api', 'package.json'))('pg');
// How long an API replica may take to start (bench/inventory/dataset.mjs; 60 s by default). CI runs
// this test beside the browser suite, and a replica's start took longer than a minute here at a
// load of 50+ (docs/benchmarks.md, "CI time", session 15); a start that never ends still fails.
process.env.API_START_SECONDS ??= '180';
const started = Date.now();
const log = (...a) => console.error(`[failover test ${((Date.now() - started) / 1000).toFixed(0)}s]`, ...a);

ensureInstalled();
ensureBuilt();
const { failoverUnderSales } = await import('../bench/failover/scenario.mjs');

const r = await failoverUnderSales({
  rounds: Number(process.env.FAILOVER_ROUNDS ?? 1),
  items: 20_000,
  sellers: 20,
  pauseMs: 150,
  steadyMs: 5_000,
  pgPort: Number(process.env.FAILOVER_PG_PORT ?? 54440),
  port: Number(process.env.FAILOVER_PORT ?? 18440),
  log,
  async after({ base, token, cluster, sell }) {
    // A report right after a sale: read from the standby, it shows the sale within the stated
    // bound, and no answer is ever staler than the bound.
    const soldCount = async () => {
      const res = await fetch(`${base}/api/reports/warehouse-status`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.status, 200, `the warehouse status report answered ${res.status}`);
      const report = await res.json();
      const staleMs = Date.now() - Date.parse(report.asOf);
      assert.ok(staleMs <= READ_LAG_BOUND_S * 1000, `a report as of ${report.asOf}: ${staleMs} ms old`);
      return report.byLocation.filter((r) => r.status === 'sold').reduce((n, r) => n + r.items, 0);
    };
    const before = await soldCount();
    const sale = await sell();
    let shownAfterMs = null;
    while (shownAfterMs === null && Date.now() - sale.at <= READ_LAG_BOUND_S * 1000)
      if ((await soldCount()) > before) shownAfterMs = Date.now() - sale.at;

    // The monitor decides failovers: nobody reaches it without the password.
    const stranger = new pg.Client({
      host: '127.0.0.1',
      port: cluster.monitorPort,
      user: 'autoctl_node',
      database: 'pg_auto_failover',
      password: 'guess',
    });
    stranger.on('error', () => undefined);
    const refused = await stranger.connect().then(
      () => null,
      (error) => error,
    );
    await stranger.end().catch(() => undefined);
    const [{ listen_addresses: listen }] = await cluster.query(
      cluster.monitorPort,
      'SHOW listen_addresses',
      'pg_auto_failover',
    );
    return { shownAfterMs, monitorRefused: refused?.code ?? refused?.message ?? null, monitorListens: listen };
  },
});

log(
  `report showed a new sale after ${r.after.shownAfterMs} ms; ` +
    `${r.acknowledged} sales acknowledged, ${r.retries} resends; ` +
    r.rounds
      .map((x) => `${x.killed} lost: promoted after ${x.promoted.toFixed(1)} s, no sale for ${x.gap.toFixed(1)} s`)
      .join('; '),
);
assert.equal(r.lost, 0, `${r.lost} acknowledged sales are not in the database`);
assert.equal(r.doubles, 0, `${r.doubles} items were sold twice`);
assert.deepEqual(r.fiveHundreds, [], 'answers 5xx other than 503 (a failover must answer 503 and a Retry-After)');
assert.deepEqual(r.refusals, [], 'sales refused with a 4xx');
assert.ok(
  r.rounds.every((x) => x.acked > 0),
  'no sale succeeded after a failover',
);
for (const x of r.rounds)
  assert.ok(
    x.gap <= GAP_BOUND_S,
    `round ${x.round}: ${x.gap.toFixed(1)} s without a successful sale (bound ${GAP_BOUND_S} s)`,
  );
// cluster.json while the lost server was down: it says so, and who took over.
for (const x of r.rounds) {
  const seen = JSON.stringify(x.whileDown);
  assert.equal(x.whileDown.find((n) => n.name === x.killed)?.role, 'down', `cluster.json showed ${seen}`);
  assert.ok(
    x.whileDown.some((n) => n.name !== x.killed && ['wait_primary', 'primary'].includes(n.role)),
    `cluster.json showed ${seen}`,
  );
}
assert.notEqual(r.after.shownAfterMs, null, `a sale was not in the report within ${READ_LAG_BOUND_S} s`);
assert.equal(r.after.monitorRefused, '28P01', 'the monitor let in a connection with a wrong password');
assert.equal(r.after.monitorListens, '127.0.0.1', 'the monitor listens beyond this machine');
console.log(`[failover test] passed in ${r.seconds.toFixed(0)} s`);
