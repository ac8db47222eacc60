import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { E2E_PORT } from './support/ports';

/**
 * Spec files whose tests each make the companies they use (registerCompany, addUserWithRoles)
 * and touch nothing another file reads: they run beside any other file.
 */
const OWN_COMPANIES = [
  'access-claims',
  'audit-log',
  'billing',
  'first-day',
  'first-visit',
  'gateway',
  'hosted-session',
  'login-options',
  'marketing-pages',
  'mfa',
  'offline-shell',
  'platform',
  'profile',
  'quantity-stock',
  'receipt',
  'security',
  'shop-refunds-fields',
  'shop-rest',
  'shop-returns-exports',
  'settings-access',
  'settings-security',
  'settings',
  'shell-and-public',
  'sign-in-flows',
  'sign-in-on-intent',
  'stocktake',
  'reorder-alerts',
  'purchase-orders',
  'loans',
].map((name) => `**/${name}.spec.ts`);

/**
 * Spec files on the demo company (development mode seeds it) whose tests read and change only
 * items they receive themselves (serials stamped with the run's time) or rows no other test
 * changes (its catalogue, its users, a sale of the seed's): two of them at once cannot change what
 * the other asserts, so they run side by side — but after the files that count the company's
 * totals (below), which must see no one else's writes.
 */
const DEMO_OWN_ITEMS = [
  'exports',
  'offline-till',
  'returns',
  'small-things',
  'warranty',
  'workspace',
  'workspace-2',
  'workspace-flows',
].map((name) => `**/${name}.spec.ts`);

// Every other file — the ones that compare the demo company's totals with what a screen shows
// (reports: the dashboard and the report sums; cost-view: two exports of every item), and any new
// file until it is listed above — runs one at a time in "demo company", first, while the
// own-company files fill the other worker; the DEMO_OWN_ITEMS files start when it is done.
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
    // Listed first: dispatched first, so the one-at-a-time files do not end the run alone. The
    // other demo files are its teardown: Playwright starts them once it is done, passed or failed
    // (a dependency's failure would skip them, and hide what they would have found).
    {
      name: 'demo company',
      testIgnore: [...OWN_COMPANIES, ...DEMO_OWN_ITEMS],
      workers: 1,
      teardown: 'demo company, own items',
    },
    { name: 'own companies', testMatch: OWN_COMPANIES },
    { name: 'demo company, own items', testMatch: DEMO_OWN_ITEMS },
  ],
});
