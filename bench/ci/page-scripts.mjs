// The scripts one signed-in load of a page downloads, largest first, with their total: which chunk
// a screen pulls in that it does not need (a kit's index that brought MUI X's data grid to the
// dashboard, docs/benchmarks.md "Session 23"). A fresh context, the offline worker blocked as in
// the browser suite; sizes are the bodies as the page received them (decoded, not compressed).
// Usage: node bench/ci/page-scripts.mjs <base URL of a running product> [path] [how many to list]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../../scripts/lib/chromium.mjs';
import { sessionStorageEntries, signedInOwner, writeStorage } from '../lib/owner.mjs';

const [base = 'http://localhost:8080', path = '/dashboard', listed = '25'] = process.argv.slice(2);
const storage = await sessionStorageEntries(base, await signedInOwner(base));
const browser = await chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
await context.addInitScript(writeStorage, storage);
const page = await context.newPage();
const bodies = [];
page.on('response', (response) => {
  const { pathname } = new URL(response.url());
  if (pathname.endsWith('.js'))
    bodies.push(
      response.body().then(
        (body) => [pathname, body.length],
        () => [pathname, 0],
      ),
    );
});
await page.goto(path, { waitUntil: 'networkidle' });
await page.locator('main h1').first().waitFor();
const scripts = (await Promise.all(bodies)).sort((a, b) => b[1] - a[1]);
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`${path}: ${scripts.length} scripts, ${kb(scripts.reduce((sum, [, n]) => sum + n, 0))} KB`);
for (const [name, bytes] of scripts.slice(0, Number(listed))) console.log(`${kb(bytes).padStart(8)} KB  ${name}`);
await browser.close();
