// The setup the first-visit benches share: the production build started as a production visitor
// meets it (NODE_ENV=production: no development banner, no stand-ins) on a fresh data folder,
// loopback only, and one headless Chromium — both torn down, and the folder removed, whatever
// the measurement does.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { ensureBuilt, ensureInstalled, root, startProduct } from '../../scripts/lib/workspace.mjs';

export const { chromium } = createRequire(join(root, 'package.json'))('playwright-core');

/**
 * `measure({ product, browser })` against the production build on `port`; answers what it answers.
 * `mode: 'development'` starts it as `npm start` and the browser suite do (banner, stand-ins).
 */
export async function withProductionBrowser(name, port, measure, { mode = 'production' } = {}) {
  process.env.HOST ??= '127.0.0.1';
  ensureInstalled();
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), `stockwise-${name}-`));
  const product = await startProduct({
    port,
    dataDir,
    quiet: true,
    startTimeoutMs: 300_000,
    env: { LOG_LEVEL: 'warn', NODE_ENV: mode },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return await measure({ product, browser });
  } finally {
    await browser.close();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The machine's 1-minute load average over the sampled moments, as the RESULTS lines say it. */
export const loadRange = (loads) =>
  `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${cpus().length} cores`;
