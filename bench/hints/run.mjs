#!/usr/bin/env node
// bench/hints: when a first visit starts fetching what the shell needs after its own script —
// remotes.json, the page's remote (manifest, entry, routes), the page's chunks, the fonts — with
// the document as composed (preload hints) and with the hints stripped from it (as before them).
// Production build and mode, Debian Chromium headless, cold cache, one context per load; times are
// request starts in ms after the document's request (Chrome DevTools Protocol), median of RUNS.
//   node bench/hints/run.mjs   → prints a Markdown table and writes bench/hints/RESULTS.md
//   ROUTES=/login RUNS=5 BENCH_PORT=8380 to choose routes, runs and the port.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from '../../scripts/lib/workspace.mjs';
import { loadRange, withProductionBrowser } from '../lib/production-browser.mjs';

const ROUTES = process.env.ROUTES?.split(',') ?? ['/', '/login'];
const RUNS = Number(process.env.RUNS || 3);
const PORT = Number(process.env.BENCH_PORT || 8380);

/** What is timed: the first request whose path matches. */
const MILESTONES = {
  'shell main.js': /^\/main\.[0-9a-f]+\.js$/,
  'remotes.json': /^\/remotes\.json$/,
  manifest: /^\/remotes\/[a-z]+\/mf-manifest\.json$/,
  'remote entry': /^\/remotes\/[a-z]+\/remoteEntry\.js$/,
  "page's first chunk": /^\/remotes\/[a-z]+\/(?!remoteEntry|__federation)[^/]+\.js$/,
  'Roboto 400': /roboto-latin-400-normal\.[0-9a-f]+\.woff2$/,
};

async function load(browser, url, hints) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const path = new URL(url).pathname;
  if (!hints)
    await page.route(
      (u) => u.pathname === path,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text())
          .replace(/<link rel="preload"[^>]*>/g, '')
          .replace(/<style data-shell-fonts>.*?<\/style>/s, '');
        await route.fulfill({ response, body });
      },
    );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const starts = [];
  cdp.on('Network.requestWillBeSent', (e) => starts.push({ path: new URL(e.request.url).pathname, t: e.timestamp }));
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const t0 = starts[0].t;
  return Object.fromEntries(
    Object.entries(MILESTONES).map(([name, pattern]) => {
      const first = starts.find((s) => pattern.test(s.path));
      return [name, first ? (first.t - t0) * 1000 : NaN];
    }),
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const rows = [];
  const loads = [];
  await withProductionBrowser('hints', PORT, async ({ product, browser }) => {
    for (const route of ROUTES)
      for (const hints of [false, true]) {
        const runs = [];
        for (let i = 0; i < RUNS; i += 1) {
          loads.push(loadavg()[0]);
          runs.push(await load(browser, product.url + route, hints));
        }
        rows.push({
          route,
          hints,
          cells: Object.keys(MILESTONES).map((name) => Math.round(median(runs.map((r) => r[name])))),
        });
      }
  });
  const table = [
    `| route | document | ${Object.keys(MILESTONES).join(' | ')} |`,
    `|---|---|${Object.keys(MILESTONES)
      .map(() => '---')
      .join('|')}|`,
    ...rows.map((r) => `| \`${r.route}\` | ${r.hints ? 'with hints' : 'hints stripped'} | ${r.cells.join(' | ')} |`),
  ].join('\n');
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync(
    join(root, 'bench', 'hints', 'RESULTS.md'),
    `Measured ${stamp} UTC with \`node bench/hints/run.mjs\`: request start, ms after the document's request, median of ${RUNS} cold loads; production build and mode, Debian Chromium headless, no throttling; 1-minute load average during the runs ${loadRange(loads)}.\n\n${table}\n`,
  );
  console.log(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
