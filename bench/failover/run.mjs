// The failover measurement (bench/failover/scenario.mjs says what happens): two failovers, one in
// each direction, under 20 sellers; prints a Markdown section for docs/benchmarks.md and exits 1
// if any count is off (acknowledged sales lost, items sold twice, 5xx other than 503: all must be
// 0) or a round went longer than 15 s without a successful sale (the target on this machine).
// CI runs the same scenario, one failover, through scripts/test-failover.mjs.
//
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`; needs
// `apt-get install postgresql-15-auto-failover`, and root or the postgres user):
//   node bench/failover/run.mjs
//   FAILOVER_PG_PORT=54410 FAILOVER_PORT=18408 SELLERS=20 ROUNDS=2 node bench/failover/run.mjs
import os from 'node:os';
import { failoverUnderSales } from './scenario.mjs';

const GAP_TARGET_S = 15;
const SELLERS = Number(process.env.SELLERS ?? 20);
const started = Date.now();
const log = (...a) => console.error(`[failover ${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

try {
  const r = await failoverUnderSales({
    rounds: Number(process.env.ROUNDS ?? 2),
    items: Number(process.env.ITEMS ?? 100_000),
    sellers: SELLERS,
    // Each seller waits this long between two sales: the run lasts minutes (the old primary's
    // rejoin is most of it) and every sale needs an in-stock item of its own.
    pauseMs: Number(process.env.PAUSE_MS ?? 150),
    steadyMs: Number(process.env.STEADY_SECONDS ?? 10) * 1000,
    pgPort: Number(process.env.FAILOVER_PG_PORT ?? 54410),
    port: Number(process.env.FAILOVER_PORT ?? 18408),
    log,
  });
  const pass =
    r.lost === 0 &&
    r.doubles === 0 &&
    r.fiveHundreds.length === 0 &&
    r.refusals.length === 0 &&
    r.rounds.every((x) => x.gap <= GAP_TARGET_S);
  console.log(`
### Failover under sales (bench/failover, ${new Date().toISOString().slice(0, 10)})

${SELLERS} sellers through the gateway and two API replicas; pg_auto_failover 2.0, PostgreSQL 15, a primary and
a synchronous standby on this machine (load ${os.loadavg()[0].toFixed(1)}); \`kill -9\` of the primary's postmaster and its pg_autoctl (a server lost), then both started again.

| round | killed | sales/s before | promoted after | no successful sale for | rejoined as standby after | sales acknowledged |
|---|---|---|---|---|---|---|
${r.rounds.map((x) => `| ${x.round} | ${x.killed} | ${x.steadyRate.toFixed(0)} | ${x.promoted.toFixed(1)} s | ${x.gap.toFixed(1)} s | ${x.rejoined.toFixed(1)} s | ${x.acked} |`).join('\n')}

Acknowledged sales lost: **${r.lost}** of ${r.acknowledged}; items sold twice: **${r.doubles}**; 5xx other than 503:
**${r.fiveHundreds.length}**; other refusals: ${r.refusals.length}; resends after a 503 or a lost connection: ${r.retries}.
The whole run (cluster, seed, failovers) took ${r.seconds.toFixed(0)} s. ${pass ? 'PASS' : 'FAIL'}
`);
  if (r.fiveHundreds.length) log('5xx:', r.fiveHundreds.slice(0, 5));
  if (r.refusals.length) log('refusals:', r.refusals.slice(0, 5));
  process.exit(pass ? 0 : 1);
} catch (error) {
  log(error);
  process.exit(1);
}
