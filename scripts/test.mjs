#!/usr/bin/env node
// `npm test`: lint and format check, type check, and every package's own test suite
// (the API's on PGlite, and on PostgreSQL too when DATABASE_URL is set). Every step runs;
// the exit code says whether all passed.
import { pnpm } from './pnpm.mjs';
import { ensureInstalled } from './lib/workspace.mjs';

const steps = [
  ['lint', ['exec', 'eslint', '.']],
  ['format', ['exec', 'prettier', '--check', '.']],
  ['types', ['-r', '--workspace-concurrency=2', 'typecheck']],
  // One package at a time: the API suite alone holds a PGlite of ~800 MB per worker.
  ['unit tests', ['-r', '--workspace-concurrency=1', '--filter', '!@stockwise/e2e', 'test']],
];

try {
  ensureInstalled();
} catch (error) {
  console.error(`[stockwise] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const results = [];
for (const [name, args] of steps) {
  console.log(`\n[stockwise] ${name}: pnpm ${args.join(' ')}`);
  const started = Date.now();
  const status = pnpm(args);
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\n[stockwise] summary');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'pass' : 'FAIL'}  ${name} (${seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
