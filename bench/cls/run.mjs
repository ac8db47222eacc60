#!/usr/bin/env node
// bench/cls: layout shift on the pages a first visit lands on, as a production visitor gets them
// (production build, NODE_ENV=production: no development banner), light and dark, at phone and
// desktop width, each load in a fresh Chromium context with a cold cache and the CPU slowed 4×
// (Lighthouse's mobile factor). CLS as Lighthouse and web-vitals count it: the largest session
// window of shifts not caused by input (gaps under 1 s, windows up to 5 s). Also lists what moved.
//   node bench/cls/run.mjs   → prints a Markdown table and writes bench/cls/RESULTS.md
//   ROUTES=/,/pricing RUNS=3 BENCH_PORT=8380 to choose routes, runs per cell and the port.
/* global window, document -- used inside functions that run in the page */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from '../../scripts/lib/workspace.mjs';
import { loadRange, withProductionBrowser } from '../lib/production-browser.mjs';

const ROUTES = process.env.ROUTES?.split(',') ?? ['/', '/login', '/register', '/pricing'];
const RUNS = Number(process.env.RUNS || 3);
const PORT = Number(process.env.BENCH_PORT || 8380);
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const SCHEMES = ['light', 'dark'];

/** Lighthouse's CLS: the largest sum of shifts in a session window. */
function largestWindow(shifts) {
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const { value, time } of shifts) {
    if (time - last > 1000 || time - start > 5000) {
      current = 0;
      start = time;
    }
    current += value;
    last = time;
    best = Math.max(best, current);
  }
  return best;
}

async function measure(browser, url, viewport, scheme) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((mode) => {
    localStorage.setItem('theme-mode', mode);
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((source) => {
          const element = source.node?.nodeType === 1 ? source.node : source.node?.parentElement;
          return element ? `${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 30)}"` : '?';
        });
        window.__shifts.push({ value: entry.value, time: entry.startTime, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, scheme);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Until React owns the heading (hydrated), then a moment for late data (plans, add-ons).
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(1500);
  const shifts = await page.evaluate(() => window.__shifts);
  await context.close();
  return { cls: largestWindow(shifts), moved: shifts.filter((s) => s.value >= 0.001).flatMap((s) => s.moved) };
}

async function main() {
  const rows = [];
  const loads = [];
  await withProductionBrowser('cls', PORT, async ({ product, browser }) => {
    for (const route of ROUTES) {
      const cells = [];
      const moved = new Set();
      for (const scheme of SCHEMES)
        for (const viewport of Object.values(VIEWPORTS)) {
          let worst = 0;
          for (let i = 0; i < RUNS; i += 1) {
            loads.push(loadavg()[0]);
            const result = await measure(browser, product.url + route, viewport, scheme);
            worst = Math.max(worst, result.cls);
            result.moved.forEach((m) => moved.add(m));
          }
          cells.push(worst.toFixed(3));
        }
      rows.push({ route, cells, moved: [...moved].slice(0, 4).join('; ') || '—' });
    }
  });
  const columns = SCHEMES.flatMap((scheme) => Object.keys(VIEWPORTS).map((size) => `${scheme}, ${size}`));
  const table = [
    `| route | ${columns.join(' | ')} | what moved (shifts ≥ 0.001) |`,
    `|---|${columns.map(() => '---').join('|')}|---|`,
    ...rows.map((r) => `| \`${r.route}\` | ${r.cells.join(' | ')} | ${r.moved.replace(/\|/g, '/')} |`),
  ].join('\n');
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync(
    join(root, 'bench', 'cls', 'RESULTS.md'),
    `Measured ${stamp} UTC with \`node bench/cls/run.mjs\`: production build and mode, Debian Chromium headless, cold cache, CPU 4× slower, the worst of ${RUNS} loads per cell; 1-minute load average during the runs ${loadRange(loads)}.\n\n${table}\n`,
  );
  console.log(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
