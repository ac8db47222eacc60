// Runs the API suite on PGlite, then — when DATABASE_URL is set — again on that PostgreSQL server.
// `--pglite` or `--postgres` runs only that one (npm test runs them as two jobs side by side).
// `--pglite-checks` runs on PGlite only the files whose behaviour depends on the driver
// (PGLITE_CHECKS): npm test's choice when the whole suite also runs on PostgreSQL.
// On PostgreSQL each Jest worker gets a database of its own, `<name>_w<worker>` (made here,
// chosen in test/worker-database.ts): a worker runs its files one at a time, so the fuzz test's
// table counts see no other file's writes, while two workers share the run. The schema is made
// once, here, before any worker starts (see prepareWorkerDatabases).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const jest = require.resolve('jest/bin/jest');
const only = process.argv.find((a) => a === '--pglite' || a === '--postgres' || a === '--pglite-checks');
const given = process.argv.slice(2).find((a) => a.startsWith('--maxWorkers='));
const args = process.argv.slice(2).filter((a) => a !== only && a !== given);
const databaseUrl = process.env.DATABASE_URL;
/**
 * Workers per run: 2 (each PGlite worker holds ~1 GB; CI's machine has 2 cores), or
 * `--maxWorkers=N` (npm test gives the PostgreSQL run one, as it runs beside other jobs).
 */
const WORKERS = given ? Number(given.split('=')[1]) : 2;

function run(label, env, extra = []) {
  console.log(`\n▶ API tests on ${label}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [jest, ...args, `--maxWorkers=${WORKERS}`, ...extra], {
    stdio: 'inherit',
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() },
  });
  console.log(`◀ ${label}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status ?? 1;
}

/**
 * The workers' databases on the server at `url`, migrated before Jest starts. Migrating them from
 * the workers at once raced: the migrations make a role, and roles belong to the whole server, so
 * two first runs both found it missing and one failed on pg_authid's unique index. Here the first
 * worker's database is migrated alone (the same migrate() the app runs, through tsx), and a missing
 * one of the others is copied from it (`CREATE DATABASE … TEMPLATE`: a file copy, no migrations);
 * each file's own migrate() is then a no-op. Databases are kept between runs, like the one was.
 */
async function prepareWorkerDatabases(url) {
  const name = new URL(url).pathname.slice(1);
  const urlOf = (worker) => Object.assign(new URL(url), { pathname: `/${name}_w${worker}` }).toString();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = async (db) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [db])).rowCount;
    if (!(await exists(`${name}_w1`))) await client.query(`CREATE DATABASE "${name}_w1"`);
    const migrated = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', MIGRATE], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: urlOf(1) },
    });
    if (migrated.status !== 0) throw new Error(`migrating ${name}_w1 failed`);
    for (let worker = 2; worker <= WORKERS; worker++)
      if (!(await exists(`${name}_w${worker}`)))
        await client.query(`CREATE DATABASE "${name}_w${worker}" TEMPLATE "${name}_w1"`);
  } finally {
    await client.end();
  }
}
/** Run by tsx: the app's own migrations on DATABASE_URL. */
const MIGRATE = `
  const { openDatabase } = await import(${JSON.stringify(new URL('../src/db/database.ts', import.meta.url).href)});
  const { migrate } = await import(${JSON.stringify(new URL('../src/db/migrations.ts', import.meta.url).href)});
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null });
  try { await migrate(db); } finally { await db.close(); }
`;

/**
 * The files that check what PGlite does differently from a PostgreSQL server — the rest of the
 * suite goes through the same SQL and the same Database contract on either driver, and the browser
 * suite runs the whole product on PGlite besides. When the suite runs in full on PostgreSQL (CI),
 * these are the PGlite run (docs/decisions.md, "The API suite in CI: all on PostgreSQL, the
 * driver's own checks on PGlite"). A new file that depends on the driver belongs here.
 */
const PGLITE_CHECKS = [
  'migrations', // the migrations and the migrated test template on PGlite's Postgres
  'search', // pg_trgm: PGlite's contrib module, loaded by createPglite()
  'concurrency', // one connection: transactions queued (db/pglite.ts), never interleaved
  'tenancy', // SET LOCAL role and company on that one shared connection never leak to the next request
  'events', // LISTEN/NOTIFY on the same connection as the writes
  'reports', // sums and counts as each driver parses numbers (pg's bigint parser is set in db/postgres.ts)
  'durability', // a PGlite data folder under SIGKILL
  'production', // the embedded start `NODE_ENV=production npm start` makes (ignores DATABASE_URL)
  'demo', // demo data on an empty embedded database, as `npm start` seeds it
];
/**
 * Files that run on PGlite whatever DATABASE_URL says: the PostgreSQL run skips them when the
 * checks run, as it would only run them a second time. `migrations` opens a fresh PGlite for each
 * of its tests (PostgreSQL's own migrating is the run's template, made before the workers start).
 */
const PGLITE_ALWAYS = ['production', 'migrations'];
const asPattern = (names) => `/test/(${names.join('|')})\\.test\\.ts$`;
const files = args.filter((a) => !a.startsWith('-'));

const { DATABASE_URL: _omit, ...withoutDb } = process.env;
let status = 0;
// *.pg.test.ts need a PostgreSQL server (several API processes on one database). The test files
// named on the command line go before these options: Jest 30's array options swallow the
// positional arguments after them, even in the `--option=value` form (so every file ran).
if (only === '--pglite-checks')
  status = run('PGlite (in-process): the driver checks', withoutDb, [
    ...(files.length ? [] : [`--testPathPatterns=${asPattern(PGLITE_CHECKS)}`]),
  ]);
else if (only !== '--postgres')
  status = run('PGlite (in-process)', withoutDb, ['--testPathIgnorePatterns=\\.pg\\.test\\.ts$']);
if (only === '--postgres' && !databaseUrl) {
  console.error('--postgres needs DATABASE_URL (scripts/postgres-server.sh start prints one)');
  status = 1;
} else if (databaseUrl && only !== '--pglite' && only !== '--pglite-checks') {
  await prepareWorkerDatabases(databaseUrl);
  // PGLITE_ALWAYS would run on PGlite a second time; the PGlite run has them.
  const skip = files.length ? [] : [`--testPathIgnorePatterns=${asPattern(PGLITE_ALWAYS)}`];
  status = run(`PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//…@')})`, process.env, skip) || status;
}
process.exit(status);
