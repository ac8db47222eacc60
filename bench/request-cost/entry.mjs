// What the caller's entry costs the database by itself: pgbench, 20 clients, sending what the API
// sends to open a request's transaction (BEGIN, the plan mode and `stockwise_enter`, then COMMIT)
// and getuser's one statement (`stockwise_getuser`), beside the same transaction with only the
// role and company bound (what row-level security needs, none of the entry's checks) and
// pgbench's own select-only TPC-B as the anchor. Rounds alternate the scripts, so a noisy machine
// moves them alike; PostgreSQL's CPU a transaction is printed beside the rate.
//
// Usage (after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   node bench/request-cost/entry.mjs
//   SECONDS=8 ROUNDS=4 node bench/request-cost/entry.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seed } from '../inventory/dataset.mjs';
import { freshServer } from '../lib/postgres.mjs';
import { scratchDir } from '../lib/scratch.mjs';

const SECONDS = Number(process.env.SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54399);
const log = (...a) => console.error('[entry]', ...a);

const server = freshServer(PG_PORT, 'entry');
const { databaseUrl, database } = server;
const pgbench = (args, db) => server.pgbench(db, SECONDS, args);

const dataDir = scratchDir('entry');
const { db, companies } = await seed({
  databaseUrl,
  dataDir,
  items: 2000,
  companies: 2,
  password: 'bench-password-1',
  log,
});
const company = companies[0].companyId;
// A live session of the company's owner, as a sign-in leaves it.
const [caller] = await db.query(`SELECT id FROM users WHERE company_id = $1 ORDER BY created_at LIMIT 1`, [company]);
const [session] = await db.query(
  `INSERT INTO auth_sessions (company_id, user_id, aal, amr) VALUES ($1, $2, 'aal1', 'password') RETURNING id`,
  [company, caller.id],
);
await db.close();
const ids = `'${company}'::uuid, '${caller.id}'::uuid, '${session.id}'::uuid`;
const write = (name, lines) => {
  const file = path.join(dataDir, `${name}.pgbench`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
};
const scripts = {
  // The opening the API sends with BEGIN (one simple-protocol round trip), then COMMIT.
  entry: write('entry', [
    `BEGIN \\; SET LOCAL plan_cache_mode = force_generic_plan \\; SELECT user_exists AS exists, active, session_live AS "sessionLive", mfa_due AS "mfaDue", roles, claims FROM stockwise_enter(${ids});`,
    'COMMIT;',
  ]),
  // Only the binding row-level security needs: the entry's checks are what it lacks.
  bare: write('bare', [
    `BEGIN \\; SET LOCAL plan_cache_mode = force_generic_plan \\; SELECT set_config('role', 'stockwise_app', true), set_config('app.company_id', '${company}', true);`,
    'COMMIT;',
  ]),
  // GET /api/auth/getuser's one autocommit statement (the entry, then the profile).
  getuser: write('getuser', [`SELECT * FROM stockwise_getuser(${ids});`]),
};
// ENTRY_CANDIDATE=file.sql: a file that creates `stockwise_enter_candidate` (the entry's arguments and
// columns), weighed beside the entry in the same rounds — a change measured before its migration.
if (process.env.ENTRY_CANDIDATE) {
  server.psql(readFileSync(process.env.ENTRY_CANDIDATE, 'utf8'), database);
  scripts.candidate = write('candidate', [
    `BEGIN \\; SET LOCAL plan_cache_mode = force_generic_plan \\; SELECT user_exists AS exists, active, session_live AS "sessionLive", mfa_due AS "mfaDue", roles, claims FROM stockwise_enter_candidate(${ids});`,
    'COMMIT;',
  ]);
}

server.initPgbench(20);

const runs = {
  'anchor: pgbench select-only (-S)': [],
  ...Object.fromEntries(Object.keys(scripts).map((k) => [k, []])),
};
for (const file of Object.values(scripts)) pgbench(['-n', '-f', file], database); // warm: plans, caches
for (let round = 0; round < ROUNDS; round++) {
  runs['anchor: pgbench select-only (-S)'].push(pgbench(['-S'], 'pgbench'));
  for (const [name, file] of Object.entries(scripts)) runs[name].push(pgbench(['-n', '-f', file], database));
  log(`round ${round + 1} of ${ROUNDS}`);
}
server.stop();

const mean = (xs, k) => xs.reduce((a, x) => a + x[k], 0) / xs.length;
console.log(`### The caller's entry by itself (${new Date().toISOString().slice(0, 16)} UTC)

\`node bench/request-cost/entry.mjs\` with SECONDS=${SECONDS} ROUNDS=${ROUNDS}; load average at the end ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ')}. PostgreSQL 15, default settings; pgbench, 20 clients, 2 threads, simple protocol.

| script | tps, each round | mean tps | PostgreSQL CPU ms a transaction (mean) |
| --- | --- | ---: | ---: |
${Object.entries(runs)
  .map(
    ([name, xs]) =>
      `| ${name} | ${xs.map((x) => x.tps.toFixed(0)).join(', ')} | ${mean(xs, 'tps').toFixed(0)} | ${mean(xs, 'cpu').toFixed(3)} |`,
  )
  .join('\n')}
`);
process.exit(0);
