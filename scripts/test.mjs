#!/usr/bin/env node
// `npm test`: lint and format check, type check, and every package's own test suite (the API's
// on PGlite; with DATABASE_URL, on that PostgreSQL server, and PGlite's own checks on PGlite).
// Every job runs, side by side, as many at once as the machine has cores; the exit code says
// whether all passed.
//
// Why side by side: run one after the other, most of these jobs leave a core idle (Jest's default
// is one worker on two cores, the PostgreSQL run waits on its server, each tsc runs one checker).
// Each job's output is printed in one piece when it ends, and the summary gives each job's time,
// so the next person sees where CI's minutes go (docs/benchmarks.md, "CI time").
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { root } from './pnpm.mjs';
import { ensureInstalled } from './lib/workspace.mjs';

/** The workspace's packages: the `packages:` list of pnpm-workspace.yaml (up to its next key). */
const PACKAGES = (
  /^packages:\n((?:[ \t]+.*\n|\n)*)/m.exec(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'))?.[1] ?? ''
)
  .split('\n')
  .map((line) => /^\s+-\s+['"]?([^'"\s]+)/.exec(line)?.[1])
  .filter(Boolean);
const scriptOf = (pkg, name) => JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8')).scripts?.[name];

/**
 * Rough seconds the heavy jobs take (the API's from CI's logs, docs/benchmarks.md "CI time"; the
 * rest by their number of test files): the queue starts the longest first, so the end of the run
 * does not wait on one long job alone. Others count 0; the order only changes the total time.
 */
const WEIGHT = {
  'api tests (PostgreSQL)': 400,
  'api tests (PGlite)': 300,
  'api tests (PGlite checks)': 100,
  'tests mfe-workspace': 150,
  lint: 90,
  'tests mfe-settings': 180,
  'tests shell': 50,
};

/**
 * `--part=checks` runs only the lint, format and type checks; `--part=suites` only the test
 * suites; no `--part`, both. The two parts are the whole run: CI runs them as two commands, the
 * checks at the lowest priority beside the rest (.ci/run), as they wait on no clock.
 */
const PART = process.argv.find((a) => a.startsWith('--part='))?.slice('--part='.length);
if (PART !== undefined && PART !== 'checks' && PART !== 'suites') {
  console.error(`[stockwise] --part=${PART}: checks or suites`);
  process.exit(2);
}

/** The lint, format and type checks. */
function checks() {
  const list = [
    { name: 'lint', pkg: '.', command: 'eslint .' },
    { name: 'format', pkg: '.', command: 'prettier --check .' },
  ];
  for (const pkg of PACKAGES)
    if (scriptOf(pkg, 'typecheck')) list.push({ name: `types ${pkg}`, pkg, script: 'typecheck' });
  return list;
}

/** Every package's own test suite. */
function suites() {
  const list = [];
  for (const pkg of PACKAGES.filter((p) => p !== 'e2e' && p !== 'api'))
    if (scriptOf(pkg, 'test')) list.push({ name: `tests ${pkg}`, pkg, script: 'test' });
  // The API suite: on PGlite alone without a server (a fresh machine). With DATABASE_URL (CI), all
  // of it on PostgreSQL, the production database, and on PGlite only the files whose behaviour
  // depends on the driver (api/scripts/test.mjs, PGLITE_CHECKS; docs/decisions.md): the rest ran
  // the same SQL twice. Two jobs, so they overlap each other and the rest: PGlite with its two
  // workers, PostgreSQL with one (its server takes a share of the cores). More would starve them
  // past the suites' time limits (e.g. Fastify's 10 s plugin start).
  if (process.env.DATABASE_URL) {
    list.push({ name: 'api tests (PGlite checks)', pkg: 'api', script: 'test', args: ['--pglite-checks'] });
    list.push({ name: 'api tests (PostgreSQL)', pkg: 'api', script: 'test', args: ['--postgres', '--maxWorkers=1'] });
  } else list.push({ name: 'api tests (PGlite)', pkg: 'api', script: 'test', args: ['--pglite'] });
  return list;
}

/** Every job of the run (of its `--part`). A job runs a package's own script, as `pnpm run` would. */
function jobs() {
  const list = [...(PART === 'suites' ? [] : checks()), ...(PART === 'checks' ? [] : suites())];
  return list.sort((a, b) => (WEIGHT[b.name] ?? 0) - (WEIGHT[a.name] ?? 0));
}

/**
 * A failed job's failing tests, as Jest names them (`● suite › test`) with the first lines of each
 * reason: repeated under the summary, because a CI log is often kept only by its tail and the
 * job's own output may be far above it.
 */
function failuresOf(chunks, linesEach = 14, most = 8) {
  const lines = Buffer.concat(chunks).toString('utf8').split('\n');
  const found = new Map(); // Jest names each failure twice (in its file's section and at the end)
  lines.forEach((line, i) => {
    if (/^\s*● (?!Console\b)/.test(line) && !found.has(line.trim()) && found.size < most)
      found.set(
        line.trim(),
        lines
          .slice(i, i + linesEach)
          .join('\n')
          .slice(0, 3000),
      );
  });
  return found.size > 0 ? [...found.values()] : lines.filter((l) => l.trim()).slice(-linesEach);
}

function run(job) {
  const cwd = join(root, job.pkg);
  const command = job.command ?? [scriptOf(job.pkg, job.script), ...(job.args ?? [])].join(' ');
  const bins = [join(cwd, 'node_modules', '.bin'), join(root, 'node_modules', '.bin')];
  console.log(`[stockwise] started: ${job.name}`);
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, {
      cwd,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: [...bins, process.env.PATH].join(delimiter), FORCE_COLOR: '0' },
    });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n[stockwise] ── ${job.name}: ${command} (in ${job.pkg}) ──`);
      process.stdout.write(Buffer.concat(chunks));
      console.log(`[stockwise] ${code === 0 ? 'passed' : 'FAILED'}: ${job.name} in ${seconds.toFixed(1)} s`);
      resolve({ name: job.name, ok: code === 0, seconds, failures: code === 0 ? [] : failuresOf(chunks) });
    });
  });
}

try {
  ensureInstalled();
} catch (error) {
  console.error(`[stockwise] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const started = Date.now();
const queue = jobs();
const slots = Number(process.env.TEST_JOBS) || Math.max(2, availableParallelism());
console.log(`[stockwise] ${queue.length} jobs, ${slots} at a time (TEST_JOBS to change)`);
const results = [];
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push(await run(job));
  }),
);

console.log(`\n[stockwise] summary (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
for (const { name, ok, seconds } of results.sort((a, b) => b.seconds - a.seconds))
  console.log(`  ${ok ? 'pass' : 'FAIL'}  ${name} (${seconds.toFixed(1)} s)`);
for (const { name, failures } of results.filter((r) => !r.ok)) {
  console.log(`\n[stockwise] what failed in ${name}:`);
  for (const failure of failures) console.log(failure, '\n');
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
