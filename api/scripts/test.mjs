// Runs the API suite on PGlite, then — when DATABASE_URL is set — again on that PostgreSQL server.
// On PostgreSQL the files share one database, so they run one at a time (the fuzz test compares
// table counts before and after each refused request).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const jest = require.resolve('jest/bin/jest');
const args = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;

function run(label, env, extra = []) {
  console.log(`\n▶ API tests on ${label}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [jest, ...extra, ...args], {
    stdio: 'inherit',
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() },
  });
  console.log(`◀ ${label}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status ?? 1;
}

const { DATABASE_URL: _omit, ...withoutDb } = process.env;
// *.pg.test.ts need a PostgreSQL server (several API processes on one database). The pattern is
// joined by '=': as a separate argument Jest's array option would swallow the test files named after it.
let status = run('PGlite (in-process)', withoutDb, ['--testPathIgnorePatterns=\\.pg\\.test\\.ts$']);
if (databaseUrl)
  status = run(`PostgreSQL (${databaseUrl.replace(/\/\/[^@]*@/, '//…@')})`, process.env, ['--runInBand']) || status;
process.exit(status);
