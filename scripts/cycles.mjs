#!/usr/bin/env node
// Lists the import cycles of every package (madge over its sources, with its own tsconfig for the
// `@/` alias). Lint already fails on a cycle (import-x/no-cycle); this prints the whole graph's
// cycles at once, e.g. before and after a restructuring. Exit code 1 when any package has one.
import path from 'node:path';
import madge from 'madge';

const root = path.join(import.meta.dirname, '..');
const PACKAGES = ['api', 'shared', 'kit', 'shell', 'mfe-public', 'mfe-workspace', 'mfe-settings', 'mfe-billing'];

let found = 0;
for (const pkg of process.argv.slice(2).length ? process.argv.slice(2) : PACKAGES) {
  const graph = await madge(path.join(root, pkg, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, pkg, 'tsconfig.json'),
  });
  const cycles = graph.circular();
  found += cycles.length;
  console.log(`${pkg}: ${cycles.length ? `${cycles.length} cycle(s)` : 'no cycle'}`);
  cycles.forEach((cycle, i) => console.log(`  ${i + 1}) ${cycle.join(' > ')}`));
}
process.exit(found ? 1 : 0);
