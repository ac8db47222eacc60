#!/usr/bin/env node
// `npm run test:e2e`: Playwright driving Debian's Chromium (its headless shell) against the same
// production build `npm start` serves (the suite starts it on its own port with a fresh data folder).
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL_PATH } from './lib/chromium.mjs';
import { pnpm } from './pnpm.mjs';
import { ensureBuilt, ensureInstalled } from './lib/workspace.mjs';

if (!existsSync(HEADLESS_SHELL_PATH)) {
  console.error(
    `[stockwise] no Chromium at ${HEADLESS_SHELL_PATH}: install Debian's headless shell (apt-get install -y chromium-headless-shell; or chromium) or set HEADLESS_SHELL_PATH.`,
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
