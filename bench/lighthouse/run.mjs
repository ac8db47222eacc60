#!/usr/bin/env node
// bench/lighthouse: Lighthouse (mobile preset, simulated throttling) with Debian's Chromium on
// the public pages a first visit lands on (`/`, `/login`, `/register`, `/pricing`) of the production build, started as `npm start` does on a fresh data folder.
//   node bench/lighthouse/run.mjs   → prints a Markdown table and writes bench/lighthouse/RESULTS.md
//   ROUTES=/,/login RUNS=1 LHR_DIR=/tmp/lhr node bench/lighthouse/run.mjs   → also each run's full report
//     and its trace (<route>-<n>.trace.json), for bench/lighthouse/tasks.mjs
//   ARTIFACTS_DIR=/tmp/lha node bench/lighthouse/run.mjs   → also each run's gathered artifacts
//     (<route>-<n>/), which bench/lighthouse/cpu-replay.mjs audits again at CPU time
//   ANCHORS=1 node bench/lighthouse/run.mjs   → also, in the same run, the anchors (anchor.mjs): a
//     page of one heading, and each marketing route's document as the product served it, from a
//     bare Node server — what this machine's Lighthouse reports for a page that does nothing
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { createRequire } from 'node:module';
import { ensureBuilt, ensureInstalled, root, startProduct } from '../../scripts/lib/workspace.mjs';
import { sessionStorageEntries, signedInOwner, writeStorage } from '../lib/owner.mjs';
import { startAnchors } from './anchor.mjs';

const ROUTES = process.env.ROUTES?.split(',') ?? [
  '/',
  '/documentation',
  '/privacy-policy',
  '/contact-us',
  '/login',
  '/register',
  '/pricing',
  '/my-tasks',
];
/** Measured for a signed-in company owner (the session seeded into the profile's storage). */
const SIGNED_IN = new Set(['/my-tasks']);
const PORT = Number(process.env.BENCH_PORT || 8380);
// Both ports can be moved so that several people can run the bench on one machine.
// Loopback only, in production mode too (startProduct would listen on every interface).
process.env.HOST ??= '127.0.0.1';
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT || 9333);
const RUNS = Number(process.env.RUNS || 3);
/** LHR_DIR: keep each run's full Lighthouse report there (long tasks, bootup time per script). */
const LHR_DIR = process.env.LHR_DIR;
/** ARTIFACTS_DIR: keep each run's gathered artifacts (trace, DevTools log) for cpu-replay.mjs. */
const ARTIFACTS_DIR = process.env.ARTIFACTS_DIR;
/** ANCHORS=1: the anchor pages too (anchor.mjs), measured between the product's routes. */
const ANCHORS = process.env.ANCHORS === '1';
/** The routes whose documents the anchors copy: the pages that run no application JavaScript. */
const MARKETING = new Set(['/', '/pricing', '/documentation', '/privacy-policy', '/contact-us']);

async function launchChromium(profileDir) {
  const chrome = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok) return chrome;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Chromium did not open its debugging port');
}

/**
 * Puts a session into the running Chromium's storage for the product's origin, from a page that
 * loads no script, with the HTTP cache emptied first, as a signed-in user's browser has it.
 */
async function seedSession(baseUrl, session) {
  const { chromium } = createRequire(join(root, 'package.json'))('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  const page = await browser.contexts()[0].newPage();
  // Cold cache, as for the other routes (Lighthouse's own reset is off for this one).
  await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(writeStorage, await sessionStorageEntries(baseUrl, session));
  await page.close();
  await browser.close();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** RUNS Lighthouse runs of one route; the median of each figure. */
async function measureRoute(baseUrl, route, loads) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    loads.push(loadavg()[0]);
    const signedIn = SIGNED_IN.has(route);
    if (signedIn) await seedSession(baseUrl, await signedInOwner(baseUrl));
    const name = `${route.replace(/\W+/g, '_') || 'root'}-${i + 1}`;
    // Gathered, saved, then audited from the same artifacts.
    const saved = ARTIFACTS_DIR ? { gatherMode: join(ARTIFACTS_DIR, name), auditMode: join(ARTIFACTS_DIR, name) } : {};
    const { lhr, artifacts } = await lighthouse(`${baseUrl}${route}`, {
      ...saved,
      port: DEBUG_PORT,
      onlyCategories: ['performance'],
      logLevel: 'error',
      // Lighthouse clears the origin's storage, and with it the session, unless told not to;
      // seedSession empties the HTTP cache instead.
      disableStorageReset: signedIn,
    });
    if (LHR_DIR) {
      mkdirSync(LHR_DIR, { recursive: true });
      writeFileSync(join(LHR_DIR, `${name}.json`), JSON.stringify(lhr));
      // The observed trace the simulation started from: bench/lighthouse/tasks.mjs lists its tasks.
      if (artifacts?.Trace) writeFileSync(join(LHR_DIR, `${name}.trace.json`), JSON.stringify(artifacts.Trace));
    }
    if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== route)
      throw new Error(`${route} ended on ${lhr.finalDisplayedUrl}`);
    const scripts = lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
    // What the page ran, apart from what it only prefetched for later (issue 27: a marketing page
    // fetches the app at idle but runs it on intent): Chromium reports a prefetch as "Other".
    const ran = lhr.audits['network-requests'].details.items
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    runs.push({
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      js: scripts?.transferSize ?? 0,
      ran,
    });
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    score: pick('score'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    js: pick('js'),
    ran: pick('ran'),
  };
}

async function main() {
  ensureInstalled();
  ensureBuilt();
  const profileDir = mkdtempSync(join(tmpdir(), 'stockwise-lh-profile-'));
  const chrome = await launchChromium(profileDir);
  const rows = [];
  // The machine may be shared: its load during the runs is part of the result (TBT is CPU time).
  const loads = [];
  // Public pages as a visitor gets them in production (no development banner, no stand-ins);
  // a signed-in page in development, where the bench's owner can verify its email (outbox).
  const groups = [
    { mode: 'production', routes: ROUTES.filter((route) => !SIGNED_IN.has(route)) },
    { mode: 'development', routes: ROUTES.filter((route) => SIGNED_IN.has(route)) },
  ];
  try {
    for (const { mode, routes } of groups) {
      if (!routes.length) continue;
      const dataDir = mkdtempSync(join(tmpdir(), 'stockwise-lh-'));
      const product = await startProduct({
        port: PORT,
        dataDir,
        quiet: true,
        startTimeoutMs: 300_000,
        env: { LOG_LEVEL: 'warn', NODE_ENV: mode },
      });
      try {
        const copied = ANCHORS && mode === 'production' ? routes.filter((route) => MARKETING.has(route)) : [];
        const anchors = copied.length ? await startAnchors(product.url, copied, PORT + 5) : null;
        try {
          // Each anchor right after its route, so both meet the same moment of a shared machine.
          if (anchors)
            rows.push({
              route: anchors.minimal,
              mode: 'anchor',
              ...(await measureRoute(anchors.url, anchors.minimal, loads)),
            });
          for (const route of routes) {
            rows.push({ route, mode, ...(await measureRoute(product.url, route, loads)) });
            if (copied.includes(route))
              rows.push({
                route: anchors.copyOf(route),
                mode: 'anchor',
                ...(await measureRoute(anchors.url, anchors.copyOf(route), loads)),
              });
          }
        } finally {
          await anchors?.close();
        }
      } finally {
        await product.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    // Chromium writes to its profile until it has exited.
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill();
    await exited;
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 5 });
  }

  const table = [
    '| route | served as | performance score | LCP s | TBT ms | CLS | JS transferred KB | JS scripts run KB |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| \`${r.route}\` | ${r.mode} | ${r.score} | ${(r.lcp / 1000).toFixed(2)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${(r.js / 1024).toFixed(1)} | ${(r.ran / 1024).toFixed(1)} |`,
    ),
  ].join('\n');
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync(
    join(root, 'bench', 'lighthouse', 'RESULTS.md'),
    `Measured ${stamp} UTC with \`node bench/lighthouse/run.mjs\`: Lighthouse 12.8.2, mobile preset (simulated slow 4G, 4× CPU slowdown), Debian Chromium headless, median of ${RUNS} runs per route; 1-minute load average during the runs ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${cpus().length} cores.\n\n${table}\n`,
  );
  console.log(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
