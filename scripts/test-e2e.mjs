#!/usr/bin/env node
// `npm run test:e2e`: Playwright driving Debian's Chromium against the same production build
// `npm start` serves (the suite starts it on its own port with a fresh data folder).
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './lib/chromium.mjs';
import { pnpm } from './pnpm.mjs';
import { ensureBuilt, ensureInstalled } from './lib/workspace.mjs';

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `[stockwise] no Chromium at ${CHROMIUM_PATH}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
try {
  ensureInstalled();
  ensureBuilt();
} catch (error) {
  console.error(`[stockwise] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
// A run narrowed on the command line (spec files, a -g pattern) runs only what it names: without
// --no-deps, naming one of the demo company's one-at-a-time files would run its teardown project
// too (e2e/playwright.config.ts: every other demo-company file), minutes nobody asked for.
const args = process.argv.slice(2);
const narrowed = args.some((arg) => !arg.startsWith('-'));
process.exit(pnpm(['--filter', '@stockwise/e2e', 'test', ...args, ...(narrowed ? ['--no-deps'] : [])]));
