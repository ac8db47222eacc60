#!/usr/bin/env node
// bench/held-press: how long a press made before the app is up waits on a page that boots on
// intent. Production build and mode; each load in a fresh Chromium context. The visitor fills the
// sign-in or the registration form and presses its button while the shell's script is held back;
// then the CPU is slowed RATE× (a slow phone) and the script let through. Measured from that
// moment: React's commit of the root, the hand-over (`stockwise:hydrated`) and the press's call.
// Two variants, alternating in the same run: the shell as built, whose hand-over asks React to
// hydrate the page at once (`unstable_scheduleHydration`), and the same shell with that call
// renamed away, where React hydrates the page at its lowest priority.
//   node bench/held-press/run.mjs   → prints a Markdown table and writes bench/held-press/RESULTS.md
//   RATE=20 RUNS=4 BENCH_PORT=8390 to choose the slow-down, loads per cell and the port;
//   MODE=development for the product as `npm start` and the browser suite run it.
/* global window, addEventListener */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from '../../scripts/lib/workspace.mjs';
import { loadRange, withProductionBrowser } from '../lib/production-browser.mjs';

const RATE = Number(process.env.RATE || 20);
const RUNS = Number(process.env.RUNS || 4);
const PORT = Number(process.env.BENCH_PORT || 8390);
const MODE = process.env.MODE || 'production';
const VARIANTS = ['asks for hydration (main)', 'lowest priority (the call renamed away)'];

/** The two pages that boot on intent with a form, filled as a visitor fills them. */
const FORMS = [
  {
    path: '/login',
    press: 'Sign In',
    call: '/api/auth/login',
    async fill(page) {
      await page.getByLabel('User name or email').fill('nobody');
      await page.getByLabel('Password', { exact: true }).fill('not a password');
    },
  },
  {
    path: '/register',
    press: 'Create company',
    call: '/api/auth/company-with-admin',
    async fill(page) {
      const id = Math.random().toString(36).slice(2, 10);
      await page.getByLabel('Company name').fill(`Held Press ${id}`);
      await page.getByLabel('First name').fill('Fatma');
      await page.getByLabel('Last name').fill('Owner');
      await page.getByLabel('User name').fill(`held_${id}`);
      await page.getByLabel('Email').fill(`held_${id}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
      await page.getByLabel('Confirm password').fill('correct horse battery');
    },
  },
];

async function measure(browser, url, form, variant) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.__marks = {};
    // React announces each commit to a devtools hook; the first is the root's.
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onPostCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onCommitFiberRoot() {
        window.__marks.root ??= performance.now();
      },
    };
    addEventListener('stockwise:hydrated', () => (window.__marks.hydrated = performance.now()));
  });
  const page = await context.newPage();
  let release;
  const held = new Promise((resolve) => (release = resolve));
  // The shell's entry is held until the press was made; its other scripts are fetched on intent.
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Only the hand-over's optional call is renamed (react-dom's method keeps its name), so it finds
  // nothing to call. A build that writes the call otherwise would make the two variants the same
  // shell: the load fails instead.
  let renamed = false;
  if (variant === VARIANTS[1])
    await page.route(/\/[0-9]+\.[0-9a-f]+\.js$/, async (route) => {
      const response = await route.fetch();
      const text = await response.text();
      const body = text.replaceAll('unstable_scheduleHydration?.(', 'unstable_renamed_away?.(');
      renamed ||= body !== text;
      await route.fulfill({ response, body });
    });
  let called;
  const call = new Promise((resolve) => (called = resolve));
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === form.call) called();
  });
  await page.goto(url + form.path);
  await form.fill(page);
  await page.getByRole('button', { name: form.press, exact: true }).click();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const start = await page.evaluate(() => performance.now());
  release();
  await call;
  const answered = await page.evaluate(() => performance.now());
  const marks = await page.evaluate(() => window.__marks);
  if (variant === VARIANTS[1] && !renamed) throw new Error("the hand-over's call was not found in the shell's scripts");
  await context.close();
  return { root: marks.root - start, hydrated: marks.hydrated - start, answered: answered - start };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => (ms / 1000).toFixed(1);

async function main() {
  const results = new Map();
  const loads = [];
  await withProductionBrowser(
    'held-press',
    PORT,
    async ({ product, browser }) => {
      for (let i = 0; i < RUNS; i += 1)
        for (const form of FORMS)
          for (const variant of VARIANTS) {
            loads.push(loadavg()[0]);
            const key = `${form.path}, ${variant}`;
            results.set(key, [...(results.get(key) ?? []), await measure(browser, product.url, form, variant)]);
          }
    },
    { mode: MODE },
  );
  const rows = [...results].map(([key, runs]) => {
    const cell = (key) =>
      `${seconds(median(runs.map((r) => r[key])))} (${runs.map((r) => seconds(r[key])).join(', ')})`;
    const waited = runs.map((r) => r.hydrated - r.root);
    return `| ${key} | ${cell('root')} | ${seconds(median(waited))} (${waited.map(seconds).join(', ')}) | ${cell('answered')} |`;
  });
  const table = [
    '| page, shell | root committed, s | root → hand-over, s | press answered (its call), s |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync(
    join(root, 'bench', 'held-press', MODE === 'production' ? 'RESULTS.md' : `RESULTS-${MODE}.md`),
    `Measured ${stamp} UTC with \`${MODE === 'production' ? '' : `MODE=${MODE} `}node bench/held-press/run.mjs\`: production build, ${MODE} mode, Debian Chromium headless, the press held until the shell's script is let through with the CPU slowed ${RATE}×; medians of ${RUNS} loads per page and variant (each load in brackets), the variants alternating; seconds from the script's release. 1-minute load average during the runs ${loadRange(loads)}.\n\n${table}\n`,
  );
  console.log(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
