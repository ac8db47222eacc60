// CPU seconds Chromium spends loading the product's pages, with the flags the browser suite
// launches it with, and with others: the browser, not the server, is most of the suite's CPU
// (docs/benchmarks.md, "CI time"). Counts the browser's whole process tree, read from /proc
// before it closes (renderers included, as their parent reaps them). CPU, not wall-clock: the
// machine is shared.
// Usage: node bench/ci/browser-cpu.mjs <base URL of a running product> [rounds]
//   (e.g. the one `npm start` serves; BROWSER_FLAGS_EXTRA='--flag …' adds flags to try)
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { treeCpu } from './tree-cpu.mjs';

const [base = 'http://localhost:8080', rounds = '3'] = process.argv.slice(2);
const PAGES = ['/', '/login', '/register', '/pricing', '/privacy-policy'];

async function measure(label, args) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
  const pid = process.pid; // the browser is this process's only child
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/privacy-policy', { waitUntil: 'networkidle' }); // warm the HTTP cache alike for all
  const before = treeCpu(pid);
  const started = Date.now();
  for (let round = 0; round < Number(rounds); round++)
    for (const path of PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
    }
  const cpu = treeCpu(pid) - before;
  const wall = (Date.now() - started) / 1000;
  await browser.close();
  console.log(
    `${label}: ${cpu.toFixed(1)} CPU s, ${wall.toFixed(1)} s wall, ${Number(rounds) * PAGES.length} page loads`,
  );
}

const extra = (process.env.BROWSER_FLAGS_EXTRA ?? '').split(' ').filter(Boolean);
await measure('the suite’s flags', CHROMIUM_ARGS);
if (extra.length) await measure(`+ ${extra.join(' ')}`, [...CHROMIUM_ARGS, ...extra]);
await measure('the suite’s flags (again)', CHROMIUM_ARGS);
