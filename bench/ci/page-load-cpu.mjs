// CPU seconds Chromium spends loading one signed-in page of the app, in these ways: a fresh browser
// context per load (as every test has), one context for all loads (what reusing a context across
// tests would save), one persistent profile for all loads (its HTTP cache and V8's code cache kept,
// which an off-the-record context never keeps from one test to the next), and a fresh context with
// Playwright's tracing on, with and without its screenshots (the suite's `trace` setting); and, as
// the floor under them, a fresh context that opens an empty page the browser answers itself.
// Counts the browser's process tree from /proc (see browser-cpu.mjs); CPU, not wall-clock, as the
// machine is shared.
// Usage: node bench/ci/page-load-cpu.mjs <base URL of a running product> [loads] [path]
//   MODES=fresh,shared,traced,snapshots (the default, in that order; repeat to interleave; also
//   `persistent` and `blank`);
//   mode `flagged` is `fresh` in a second browser launched with BROWSER_FLAGS_EXTRA='--flag …' added
//   (and from FLAGGED_PATH, e.g. /usr/bin/chromium-headless-shell, if set),
//   and CONTEXT_OPTIONS='{"reducedMotion":"reduce"}' adds options to every context
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { sessionStorageEntries, signedInOwner, writeStorage } from '../lib/owner.mjs';
import { treeCpu } from './tree-cpu.mjs';

const [base = 'http://localhost:8080', loads = '4', path = '/settings/company'] = process.argv.slice(2);
const modes = (process.env.MODES ?? 'fresh,shared,traced,snapshots').split(',');

// A new company's owner, verified through the development outbox and signed in by the API; the
// storage the shell keeps for them (e2e/support/session.ts signInWithToken writes the same).
const storage = await sessionStorageEntries(base, await signedInOwner(base));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const extraFlags = (process.env.BROWSER_FLAGS_EXTRA ?? '').split(' ').filter(Boolean);
const flagged = modes.includes('flagged')
  ? await chromium.launch({
      executablePath: process.env.FLAGGED_PATH || CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...extraFlags],
    })
  : null;
const contextOptions = JSON.parse(process.env.CONTEXT_OPTIONS ?? '{}');
const newContext = async (on = browser) => {
  const context = await on.newContext({ baseURL: base, ...contextOptions });
  await context.addInitScript(writeStorage, storage);
  return context;
};
const load = async (context) => {
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  await page.close();
};
const inFreshContext = async (tracing, on = browser) => {
  const context = await newContext(on);
  if (tracing) await context.tracing.start({ ...tracing, sources: true });
  await load(context);
  if (tracing) await context.tracing.stop();
  await context.close();
};
await inFreshContext(); // the server's caches warm alike for every mode
if (flagged) await inFreshContext(null, flagged);

for (const mode of modes) {
  const before = treeCpu(process.pid);
  const started = Date.now();
  if (mode === 'shared') {
    const context = await newContext();
    for (let i = 0; i < Number(loads); i++) await load(context);
    await context.close();
  } else if (mode === 'persistent') {
    // A profile of its own, warmed by one load first (V8 caches a script's code from its second
    // load on), so the loads counted are the ones a test late in a worker's run would make.
    const profile = mkdtempSync(join(tmpdir(), 'page-load-cpu-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: base,
      ...contextOptions,
    });
    await context.addInitScript(writeStorage, storage);
    await load(context);
    const warm = treeCpu(process.pid) - before;
    for (let i = 0; i < Number(loads); i++) await load(context);
    const cpu = treeCpu(process.pid) - before - warm;
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    console.log(`persistent: ${cpu.toFixed(1)} CPU s, ${loads} loads of ${path} after one to warm its caches`);
    continue;
  } else if (mode === 'blank') {
    for (let i = 0; i < Number(loads); i++) {
      const context = await browser.newContext({ baseURL: base, ...contextOptions });
      const page = await context.newPage();
      await page.route('/__blank__', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
      );
      await page.goto('/__blank__');
      await context.close();
    }
  } else if (mode === 'flagged') {
    for (let i = 0; i < Number(loads); i++) await inFreshContext(null, flagged);
  } else {
    const tracing = {
      fresh: null,
      traced: { screenshots: true, snapshots: true },
      snapshots: { screenshots: false, snapshots: true },
    }[mode];
    if (tracing === undefined) throw new Error(`unknown mode ${mode}`);
    for (let i = 0; i < Number(loads); i++) await inFreshContext(tracing);
  }
  const cpu = treeCpu(process.pid) - before;
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    `${mode}: ${cpu.toFixed(1)} CPU s, ${((Date.now() - started) / 1000).toFixed(1)} s wall, ${loads} loads of ${path} (load average ${loadAverage})`,
  );
}
await browser.close();
await flagged?.close();
