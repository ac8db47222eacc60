import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../scripts/lib/chromium.mjs';
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
 * The longest of those files (≥ 50 s of test time each in the last CI run), dispatched before the
 * others: Playwright hands out a project's files in name order, and a long file handed out last
 * keeps one worker busy while the other has nothing left (docs/benchmarks.md, "CI time",
 * session 14). Only the order changes; they stay in OWN_COMPANIES.
 */
const LONGEST_OWN = [
  'settings',
  'shell-and-public',
  'sign-in-flows',
  'hosted-session',
  'first-visit',
  'settings-access',
  'billing',
  'settings-security',
].map((name) => `**/${name}.spec.ts`);

// Every other file uses the demo company (development mode seeds it): the ones that compare its
// totals with what a screen shows (reports: the dashboard and the report sums; cost-view: two
// exports of every item), the ones that change only the items they receive themselves, and any
// new file until it is listed above. They run one at a time — no two of them ever change or count
// the company at once — in a project of one worker, listed first so that its chain of files starts
// at once and runs beside the own-company files instead of after them.
export default defineConfig({
  testDir: './tests',
  // One product instance serves every test. Three workers on two cores: each test spends much of
  // its time waiting (on the server under test, on tokens and codes that expire by the clock), and
  // the other browsers fill that (docs/benchmarks.md, CI time, "Session 16" and "Session 20"). With
  // the machine that busy, a page booting on intent takes longer than the 15 s an expectation is
  // given; the tests that press on one wait for the app first (pressWhileBooting), as its press is
  // held until then. E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS) || 3,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  outputDir: '.artifacts',
  globalSetup: './support/global-setup.ts',
  use: {
    // An action or a navigation waits at most a minute (Playwright's own default is for ever): one that
    // waits on what never comes — a button that stays disabled, a field a screen never shows — fails
    // at that step, naming its locator, instead of running out the test's whole time with nothing
    // said of where (a stock-take test spent its four minutes so in a CI run). The slowest wait
    // that passes, a first page boot on a loaded CI machine, takes a fraction of it.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    baseURL: `http://localhost:${E2E_PORT}`,
    // Debian's headless shell: the suite's time is the browser's CPU, and it spends about half of
    // what `chromium --headless` does on the same page (scripts/lib/chromium.mjs).
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
    // A trace's screenshots are a screencast: Chromium composites and encodes frames all through
    // every test, which cost more CPU than anything else the suite measured (docs/benchmarks.md,
    // "CI time", session 14). A failed test keeps a trace of DOM snapshots, which show each step;
    // CI keeps no traces (only the printed output, browserLog in support/test.ts), so it records none.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The offline worker is tested where it is the subject (offline-shell and offline-till allow
    // it). Elsewhere each test's new context would install it, precache the shell and copy every
    // file the page loaded into its caches, then answer each request through it: a quarter of the
    // CPU of a signed-in page's first load (docs/benchmarks.md, CI time, "Session 16"), in every test.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'demo company', testIgnore: OWN_COMPANIES, workers: 1 },
    { name: 'own companies, longest', testMatch: LONGEST_OWN },
    { name: 'own companies', testMatch: OWN_COMPANIES, testIgnore: LONGEST_OWN },
  ],
});
