// What each part of a sale's write costs the database: the sale's own statements (sale-sql.mjs)
// replayed by pgbench, first as they are, then once with each index of the tables a sale writes
// dropped, or each of their triggers disabled, alone — and put back before the next. The
// difference in PostgreSQL's CPU a sale (and in tps) is that part's price: where a lever on the
// database's side of a sale would pay. A measuring tool, not a proposal: every part is there for
// a reason (docs/decisions.md says which).
//
// Usage (after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   node bench/request-cost/sale-parts.mjs
//   ITEMS=1000000 SECONDS=8 ROUNDS=2 node bench/request-cost/sale-parts.mjs
import os from 'node:os';
import { seed, startApi } from '../inventory/dataset.mjs';
import { freshServer } from '../lib/postgres.mjs';
import { scratchDir } from '../lib/scratch.mjs';
import { captureOneSale, nextSerialKey, pgbenchScript, writeScript } from './sale-sql.mjs';

const ITEMS = Number(process.env.ITEMS ?? 400_000);
const SECONDS = Number(process.env.SECONDS ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54398);
const PORT = Number(process.env.BENCH_PORT ?? 8198);
const PASSWORD = 'bench-password-1';
const TABLES = ['items', 'item_events', 'sales', 'sale_lines'];
const log = (...a) => console.error('[sale-parts]', ...a);

const server = freshServer(PG_PORT, 'parts');
const { databaseUrl, database } = server;
const psql = (sql) => server.psql(sql, database);

const dataDir = scratchDir('parts');
const { db, companies } = await seed({ databaseUrl, dataDir, items: ITEMS, companies: 2, password: PASSWORD, log });
const company = companies[0].companyId;
const api = await startApi({ databaseUrl, dataDir, port: PORT });
const base = `http://127.0.0.1:${PORT}`;
const { token } = await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: companies[0].userName, password: PASSWORD }),
  })
).json();
const sale = await captureOneSale({ db, base, token, company, server });
api.kill('SIGTERM');

const pgbenchCpu = (args, db) => server.pgbench(db, SECONDS, args);

// The anchor beside it: pgbench's own TPC-B at scale 20, the issue's yardstick.
server.initPgbench(20);

// Every run sells items no earlier run sold: the clients' :k starts where the last run ended.
let offset = 0;
function replay(variant = {}) {
  const script = pgbenchScript(sale.captured, {
    ...variant,
    ...sale,
    next: nextSerialKey(offset),
  });
  const file = writeScript(dataDir, script);
  const { tps, done, cpu } = pgbenchCpu(['-n', '-M', 'simple', '-D', 'n=0', '-f', file], database);
  // Clients do not sell alike: the next run starts after the highest :k any of them reached.
  const g = Number(
    psql(`SELECT max(substr(serial, 4)::int) FROM items WHERE company_id = '${company}' AND status = 'sold'
            AND substr(serial, 4)::int % 10 BETWEEN 2 AND 5 AND serial LIKE 'SN-%'`),
  );
  offset = 4 * Math.floor(g / 10) + (g % 10) - 2 + 1 - 20;
  if (4 * Math.floor(ITEMS / 2 / 10) < offset + 2 * done + 100) throw new Error('out of in-stock items: raise ITEMS');
  return { tps, cpu };
}

const indexes = db.query(
  `SELECT c.relname AS "table", i.relname AS name, pg_get_indexdef(i.oid) AS def, x.indisprimary OR x.indisunique AS "unique"
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
    WHERE c.relname = ANY($1) ORDER BY 1, 2`,
  [TABLES],
);
const triggers = db.query(
  `SELECT c.relname AS "table", t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relname = ANY($1) AND NOT t.tgisinternal ORDER BY 1, 2`,
  [TABLES],
);
const secondary = (await indexes).filter((i) => !i.unique); // a unique index or key is a rule, not a cost
const userTriggers = await triggers;
// The caller's entry without its checks: only the role and company that row-level security needs.
const bareEntry = `BEGIN; SET LOCAL plan_cache_mode = force_generic_plan; SELECT set_config('role', 'stockwise_app', true), set_config('app.company_id', '${company}', true)`;
const parts = [
  {
    label: `every secondary index of ${TABLES.join(', ')} (${secondary.length})`,
    off: secondary.map((i) => `DROP INDEX ${i.name}`).join('; '),
    on: secondary.map((i) => i.def).join('; '),
  },
  {
    label: `every trigger of those tables (${userTriggers.length})`,
    off: userTriggers.map((t) => `ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`).join('; '),
    on: userTriggers.map((t) => `ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`).join('; '),
  },
  { label: "the caller's entry's checks (session, roles, claims, second factor)", variant: { entry: bareEntry } },
  { label: 'the live-update notices after the commit', variant: { afterCommit: false } },
  // The floor: the sale's rows themselves with none of the above — what no lever on indexes,
  // triggers, the entry or the notices could take below.
  {
    label: 'all four of the above at once',
    off: [
      ...secondary.map((i) => `DROP INDEX ${i.name}`),
      ...userTriggers.map((t) => `ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`),
    ].join('; '),
    on: [
      ...secondary.map((i) => i.def),
      ...userTriggers.map((t) => `ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`),
    ].join('; '),
    variant: { entry: bareEntry, afterCommit: false },
  },
  // PARTS=each: every index and trigger alone as well (each is small; many runs to see one).
  ...(process.env.PARTS === 'each'
    ? [
        ...secondary.map((i) => ({ label: `index ${i.table}.${i.name}`, off: `DROP INDEX ${i.name}`, on: i.def })),
        ...userTriggers.map((t) => ({
          label: `trigger ${t.table}.${t.name}`,
          off: `ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`,
          on: `ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`,
        })),
      ]
    : []),
];
await db.query('CHECKPOINT');
replay(); // warm: plans, caches
const rows = [];
for (let round = 0; round < ROUNDS; round++) {
  const tpcb = pgbenchCpu([], 'pgbench');
  rows.push({ label: 'anchor: pgbench TPC-B, scale 20', ...tpcb });
  log(`round ${round + 1}: TPC-B ${tpcb.tps.toFixed(0)} tps, ${tpcb.cpu.toFixed(2)} ms`);
  const whole = replay();
  rows.push({ label: 'the whole sale', ...whole });
  log(`round ${round + 1}: the whole sale ${whole.tps.toFixed(0)} tps, ${whole.cpu.toFixed(2)} ms`);
  for (const part of parts) {
    if (part.off) psql(part.off);
    let r;
    try {
      r = replay(part.variant);
    } finally {
      if (part.on) psql(part.on);
    }
    rows.push({ label: `without ${part.label}`, ...r, saved: whole.cpu - r.cpu });
    log(`without ${part.label}: ${r.tps.toFixed(0)} tps, ${r.cpu.toFixed(2)} ms`);
  }
}
await db.close();
server.stop();

console.log(`### The parts of a sale's write (${new Date().toISOString().slice(0, 16)} UTC)

\`node bench/request-cost/sale-parts.mjs\` with ITEMS=${ITEMS} SECONDS=${SECONDS} ROUNDS=${ROUNDS}; load average at the end ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ')}. PostgreSQL 15, default settings; pgbench, 20 clients, 2 threads, the sale's own statements.

| run | tps | PostgreSQL CPU ms a sale | less than the whole sale's |
| --- | ---: | ---: | ---: |
${rows.map((r) => `| ${r.label} | ${r.tps.toFixed(0)} | ${r.cpu.toFixed(2)} | ${r.saved === undefined ? '' : r.saved.toFixed(2)} |`).join('\n')}
`);
process.exit(0);
