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
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seed } from '../inventory/dataset.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..', '..');
const SECONDS = Number(process.env.SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54399);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const log = (...a) => console.error('[entry]', ...a);

const pgDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-entry-pg-'));
const pgEnv = { ...process.env, PG_TEST_DIR: pgDir, PG_TEST_PORT: String(PG_PORT) };
const server = (cmd) =>
  execFileSync(path.join(repo, 'scripts', 'postgres-server.sh'), [cmd], { env: pgEnv, encoding: 'utf8' }).trim();
const databaseUrl = server('start');
let serverUp = true;
process.on('exit', () => {
  if (serverUp) server('stop');
});
const database = new URL(databaseUrl).pathname.slice(1);

/** The PostgreSQL server's CPU ms: the postmaster, the backends it reaped and the live ones. */
function serverCpuMs() {
  const stat = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const master = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const m = stat(master);
  let total = (Number(m[11]) + Number(m[12]) + Number(m[13]) + Number(m[14])) * 10;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = stat(d);
      if (Number(f[1]) === master) total += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

function pgbench(args, db) {
  const cpu0 = serverCpuMs();
  const out = execFileSync(
    `${BIN}/pgbench`,
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(PG_PORT),
      '-U',
      'postgres',
      '-c',
      '20',
      '-j',
      '2',
      '-T',
      String(SECONDS),
      ...args,
      db,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const done = Number(out.match(/number of transactions actually processed: (\d+)/)?.[1]);
  const tps = Number(out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1]);
  return { tps, cpu: (serverCpuMs() - cpu0) / Math.max(1, done) };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sw-bench-entry-'));
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
  psql(readFileSync(process.env.ENTRY_CANDIDATE, 'utf8'), database);
  scripts.candidate = write('candidate', [
    `BEGIN \\; SET LOCAL plan_cache_mode = force_generic_plan \\; SELECT user_exists AS exists, active, session_live AS "sessionLive", mfa_due AS "mfaDue", roles, claims FROM stockwise_enter_candidate(${ids});`,
    'COMMIT;',
  ]);
}

psql('CREATE DATABASE pgbench', 'postgres');
execFileSync(
  `${BIN}/pgbench`,
  ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-i', '-s', '20', '-q', 'pgbench'],
  {
    stdio: 'ignore',
  },
);
function psql(sql, db) {
  return execFileSync(
    `${BIN}/psql`,
    ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-d', db, '-Atc', sql],
    {
      encoding: 'utf8',
    },
  );
}

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
server('stop');
serverUp = false;

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
