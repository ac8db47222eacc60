import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { E2E_PORT } from './support/ports';

/**
 * Spec files whose tests each make the companies they use (registerCompany, addUserWithRoles)
 * and touch nothing another file reads: they run beside any other file. Every other file — the
 * demo company's (workspace, reports, returns…: its stock, sales and dashboard are shared) and
 * any new one until it is listed here — runs one at a time in the other project, so two of them
 * never change the same company at once.
 */
const OWN_COMPANIES = [
  'access-claims',
  'billing',
  'first-day',
  'first-visit',
  'gateway',
  'hosted-session',
  'login-options',
  'mfa',
  'platform',
  'profile',
  'receipt',
  'security',
  'shop-rest',
  'settings-access',
  'settings-security',
  'settings',
  'shell-and-public',
  'sign-in-flows',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  // One product instance serves every test. Two workers on two cores: the suite spends much of
  // its time waiting (on the server under test, on tokens and codes that expire by the clock), and
  // a second browser fills that (docs/benchmarks.md, "CI time"). E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  outputDir: '.artifacts',
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'own companies', testMatch: OWN_COMPANIES },
    { name: 'demo company', testIgnore: OWN_COMPANIES, workers: 1 },
  ],
});
