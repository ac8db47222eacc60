#!/usr/bin/env node
// bench/workspace: the counter screens as people meet them, in Chromium against the production
// build on a fresh demo company (development mode seeds it).
//   - scan → sale: a Rapid Seller sells SALES items by keyboard-wedge keystrokes on
//     /actions/rapid-sell; per sale, the time from the scan's Enter to the item on screen, from
//     the confirming Enter to "Sold …" on screen, and the two together;
//   - first load of /my-tasks (Storekeeper), /item-status/item-manager (owner), /dashboard (owner)
//     and two reports (Storekeeper) in a cold context: JS downloaded (gzip, counted as bench/bundle
//     does) and time to the first row, or to the first chart drawn.
//   node bench/workspace/run.mjs   → prints Markdown tables and writes bench/workspace/RESULTS.md
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { ensureBuilt, ensureInstalled, root, startProduct } from '../../scripts/lib/workspace.mjs';
import { sessionStorageEntries, writeStorage } from '../lib/owner.mjs';

const PORT = Number(process.env.BENCH_PORT || 8380);
const SALES = Number(process.env.SALES || 100);
const LOADS = Number(process.env.LOADS || 5);
const PASSWORD = 'Demo1234!';
const shellRequire = createRequire(join(root, 'shell', 'package.json'));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n) => n.toFixed(0);

async function json(base, path, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

const login = (base, userName) => json(base, '/api/auth/login', { body: { userName, password: PASSWORD } });

async function signedInContext(browser, base, session) {
  const context = await browser.newContext();
  await context.addInitScript(writeStorage, await sessionStorageEntries(base, session));
  return context;
}

/** Receives SALES fresh serials as the owner, so every sale below is of an item in stock. */
async function receiveStock(base, owner, stamp) {
  const [types, locations] = await Promise.all([
    json(base, '/api/item-types', { token: owner.token }),
    json(base, '/api/locations', { token: owner.token }),
  ]);
  const serials = Array.from({ length: SALES }, (_, i) => `BENCH-${stamp}-${String(i).padStart(4, '0')}`);
  await json(base, '/api/items/receive', {
    token: owner.token,
    body: { itemTypeId: types.items[0].id, locationId: locations.items[0].id, serials, salePrice: 10 },
  });
  return serials;
}

async function scanToSale(browser, base, seller, serials) {
  const context = await signedInContext(browser, base, seller);
  const page = await context.newPage();
  await page.goto(`${base}/actions/rapid-sell`);
  const scan = page.getByLabel('Scan or type a serial');
  await scan.waitFor();
  const shown = [];
  const confirmed = [];
  const total = [];
  for (const serial of serials) {
    await page.keyboard.type(serial);
    const scanned = performance.now();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: serial }).waitFor();
    const onScreen = performance.now();
    await page.keyboard.press('Enter');
    await page.getByText(new RegExp(`^Sold ${serial} for `)).waitFor();
    const sold = performance.now();
    shown.push(onScreen - scanned);
    confirmed.push(sold - onScreen);
    total.push(sold - scanned);
  }
  await context.close();
  return { shown, confirmed, total };
}

async function firstLoad(browser, base, session, route, firstRow) {
  const context = await signedInContext(browser, base, session);
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok())
      pending.push(
        response.body().then(
          (body) => body,
          () => null,
        ),
      );
  });
  const started = performance.now();
  await page.goto(base + route);
  await page.locator(firstRow).first().waitFor({ timeout: 30_000 });
  const elapsed = performance.now() - started;
  const scripts = (await Promise.all(pending.slice())).filter(Boolean);
  await context.close();
  return {
    ms: elapsed,
    files: scripts.length,
    gzip: scripts.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
  };
}

async function main() {
  ensureInstalled();
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'stockwise-bench-ws-'));
  const product = await startProduct({ port: PORT, dataDir, quiet: true, env: { LOG_LEVEL: 'warn' } });
  const { chromium } = shellRequire(join(root, 'node_modules', 'playwright-core'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const base = product.url;
    const [owner, seller, keeper] = await Promise.all([
      login(base, 'owner'),
      login(base, 'rapidseller'),
      login(base, 'storekeeper'),
    ]);
    const serials = await receiveStock(base, owner, Date.now().toString(36).toUpperCase());
    const sales = await scanToSale(browser, base, seller, serials);

    // Each route, who opens it, and what on it counts as shown: a list's first row, a chart drawn.
    const row = 'main [role="row"][data-rowindex]';
    const chart = 'main figure svg';
    const routes = [
      ['/my-tasks', keeper, 'main li'],
      ['/item-status/item-manager', owner, row],
      ['/dashboard', owner, chart],
      ['/reporting/warehouse-status', keeper, chart],
      ['/reporting/tracking-report', keeper, row],
    ];
    const loads = Object.fromEntries(routes.map(([route]) => [route, []]));
    for (let i = 0; i < LOADS; i += 1) {
      for (const [route, session, shown] of routes)
        loads[route].push(await firstLoad(browser, base, session, route, shown));
    }

    const salesTable = [
      `| step (${serials.length} sales, one seller, keystrokes only) | p50 ms | p95 ms |`,
      '|---|---|---|',
      `| scan's Enter → item on screen | ${ms(percentile(sales.shown, 50))} | ${ms(percentile(sales.shown, 95))} |`,
      `| confirming Enter → "Sold …" on screen | ${ms(percentile(sales.confirmed, 50))} | ${ms(percentile(sales.confirmed, 95))} |`,
      `| **scan's Enter → sale confirmed on screen** | **${ms(percentile(sales.total, 50))}** | **${ms(percentile(sales.total, 95))}** |`,
    ].join('\n');
    const loadLines = [
      `| route (cold context, ${LOADS} loads) | JS files | JS gzip KB | time to first row (chart) p50 ms | max ms |`,
      '|---|---|---|---|---|',
    ];
    for (const [route, runs] of Object.entries(loads)) {
      const times = runs.map((r) => r.ms);
      loadLines.push(
        `| \`${route}\` | ${runs[0].files} | ${(runs[0].gzip / 1024).toFixed(1)} | ${ms(percentile(times, 50))} | ${ms(Math.max(...times))} |`,
      );
    }
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const text = `Measured ${stamp} UTC with \`node bench/workspace/run.mjs\` (Chromium ${browser.version()}, production build, development mode's demo company, one API process on PGlite).\n\n${salesTable}\n\n${loadLines.join('\n')}\n`;
    writeFileSync(join(root, 'bench', 'workspace', 'RESULTS.md'), text);
    console.log(text);
  } finally {
    await browser.close();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
