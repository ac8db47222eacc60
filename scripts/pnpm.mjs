#!/usr/bin/env node
// Runs the pnpm version pinned in package.json's "packageManager", fetched through npm,
// so a machine with only Node.js and npm needs nothing else installed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const pnpmSpec = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager;

export function pnpm(args, options = {}) {
  const result = spawnSync('npm', ['exec', '--yes', `--package=${pnpmSpec}`, '--', 'pnpm', ...args], {
    cwd: root,
    stdio: 'inherit',
    ...options,
  });
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)));
}
