import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from './ports';
// The same start-up `npm start` uses, on a fresh data folder so every run begins empty.
import { startProduct } from '../../scripts/lib/workspace.mjs';

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'stockwise-e2e-'));
  const product = await startProduct({
    port: E2E_PORT,
    dataDir,
    quiet: true,
    // Booting PGlite and migrating takes minutes when the machine is shared by several suites
    // (E2E_START_TIMEOUT_MS sets another limit).
    startTimeoutMs: Number(process.env.E2E_START_TIMEOUT_MS) || 180_000,
    // Every spec registers companies of its own, all from this machine's one address. A phone
    // factor's code may be sent again after 20 s, not GoTrue's minute: the second-step test sees the
    // refusal and the next code without waiting a minute of real time (development mode only).
    env: { LOG_LEVEL: 'warn', REGISTRATIONS_PER_ADDRESS: '500', MFA_PHONE_MAX_FREQUENCY_SECONDS: '20' },
  });
  return async () => {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
