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
process.exit(pnpm(['--filter', '@stockwise/e2e', 'test', ...process.argv.slice(2)]));
