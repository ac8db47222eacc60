#!/usr/bin/env node
// `npm run test:e2e`: Playwright driving Debian's Chromium against the same production build
// `npm start` serves (the suite starts it on its own port with a fresh data folder).
import { existsSync } from 'node:fs';
import { pnpm } from './pnpm.mjs';
import { ensureBuilt, ensureInstalled } from './lib/workspace.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `[stockwise] no Chromium at ${chromium}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
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
process.exit(pnpm(['--filter', '@stockwise/e2e', 'test', ...process.argv.slice(2)]));
