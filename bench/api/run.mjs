// Load generator for the API core: login, getuser, company and subscription/current, each for
// DURATION seconds with CONNECTIONS connections, on PGlite and (when DATABASE_URL is set) PostgreSQL.
// Usage (from the repo root, after `node scripts/pnpm.mjs --filter @stockwise/api build`):
//   node bench/api/run.mjs                       → PGlite only
//   DATABASE_URL=postgres://… node bench/api/run.mjs → PGlite and PostgreSQL
// Writes bench/api/RESULTS.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.join(here, '..', '..', 'api');
const autocannon = createRequire(path.join(apiDir, 'package.json'))('autocannon');
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8190);

async function startApi(label, env) {
  const child = spawn(process.execPath, [path.join(apiDir, 'dist', 'main.js')], {
    env: { ...process.env, ...env, API_PORT: String(PORT), LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`${label}: API did not start`);
}

const base = `http://127.0.0.1:${PORT}`;
const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts, url: `${base}${opts.path}` }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );
}

async function benchDriver(label, env) {
  const child = await startApi(label, env);
  try {
    const userName = `bench${Date.now()}`;
    const password = 'bench-password-1';
    const reg = await fetch(
      `${base}/api/auth/company-with-admin`,
      json({
        companyName: 'Bench Co',
        userName,
        email: `${userName}@bench.local`,
        firstName: 'B',
        lastName: 'C',
        password,
        phone: '',
        industry: '',
        withGoogle: false,
      }),
    );
    const { token } = await reg.json();
    const auth = { authorization: `Bearer ${token}` };
    const cases = [
      [
        'POST /api/auth/login',
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName, password }),
        },
      ],
      ['GET /api/auth/getuser', { path: '/api/auth/getuser', headers: auth }],
      ['GET /api/company', { path: '/api/company', headers: auth }],
      ['GET /api/subscription/current', { path: '/api/subscription/current', headers: auth }],
    ];
    const rows = [];
    for (const [name, opts] of cases) {
      const r = await cannon(opts);
      const non2xx = r.non2xx + r.errors + r.timeouts;
      rows.push(
        `| ${label} | ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p97_5 ?? '–'} | ${r.latency.p99} | ${r.requests.total} | ${non2xx} |`,
      );
      console.log(rows.at(-1));
    }
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const rows = [];
rows.push(
  ...(await benchDriver('PGlite', { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sw-bench-')), DATABASE_URL: '' })),
);
if (process.env.DATABASE_URL)
  rows.push(...(await benchDriver('PostgreSQL 15', { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sw-bench-')) })));

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const md = `# API benchmark results

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}.
Production build (\`node api/dist/main.js\`), one process, ${CONNECTIONS} connections, ${DURATION} s per endpoint, autocannon ${createRequire(path.join(apiDir, 'package.json'))('autocannon/package.json').version}.

Command (from the repo root, after \`node scripts/pnpm.mjs --filter @stockwise/api build\`):

\`\`\`sh
DATABASE_URL=$(scripts/postgres-server.sh start) DURATION=${DURATION} CONNECTIONS=${CONNECTIONS} node bench/api/run.mjs
\`\`\`

| database | endpoint | req/s (avg) | p50 ms | p97.5 ms | p99 ms | requests | non-2xx/errors |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Notes: login is dominated by argon2id (m = 19 MiB, t = 2, p = 1) by design. autocannon reports p97.5 and p99,
not p95; the p97.5 column is the closest measured percentile at or above p95. Each authenticated request runs its
own transaction (SET LOCAL ROLE, set_config, then the query) under row-level security.
`;
writeFileSync(path.join(here, 'RESULTS.md'), md);
console.log(`wrote bench/api/RESULTS.md`);
