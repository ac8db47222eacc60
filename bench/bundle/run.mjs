#!/usr/bin/env node
// bench/bundle: what a first visit downloads (JS and CSS: raw, gzip, brotli) per route, for
// the federated build and for the same pages built as one ordinary bundle. JS is what the page
// runs before the visitor's first interaction: its scripts and its inline scripts — not what it
// only prefetches (a marketing page fetches the app at idle and runs it on intent, issue 27).
//   node bench/bundle/run.mjs      → prints a Markdown table and writes bench/bundle/RESULTS.md
/* global document -- used inside a function that runs in the page */
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { ensureBuilt, ensureInstalled, root, startProduct } from '../../scripts/lib/workspace.mjs';
import { sessionStorageEntries, signedInOwner, writeStorage } from '../lib/owner.mjs';

const ROUTES = [
  '/',
  '/documentation',
  '/privacy-policy',
  '/contact-us',
  '/pricing',
  '/login',
  '/register',
  '/my-tasks',
];
const PORT = Number(process.env.BENCH_PORT || 8280);
const shellRequire = createRequire(join(root, 'shell', 'package.json'));

async function buildMonolith(outDir) {
  const { rspack } = shellRequire('@rspack/core');
  const configFactory = shellRequire(join(root, 'shell', 'rspack.config.js'));
  const base = configFactory({}, { mode: 'production' });
  const config = {
    ...base,
    output: { ...base.output, path: outDir },
    // No federation: drop the MF plugin, keep HTML and defines; remotes become lazy chunks.
    plugins: [
      ...base.plugins.filter((p) => !/ModuleFederation/.test(p.constructor.name)),
      new rspack.NormalModuleReplacementPlugin(
        /[\\/]mf[\\/]remotes$/,
        join(root, 'bench', 'bundle', 'static-remotes.ts'),
      ),
    ],
  };
  await new Promise((resolve, reject) =>
    rspack(config).run((err, stats) =>
      err || stats.hasErrors() ? reject(err ?? new Error(stats.toString('errors-only'))) : resolve(),
    ),
  );
}

function sizes(buffers) {
  const raw = buffers.reduce((n, b) => n + b.length, 0);
  const gzip = buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  const brotli = buffers.reduce(
    (n, b) => n + brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    0,
  );
  return { raw, gzip, brotli };
}

async function measure(browser, baseUrl, session) {
  const result = {};
  for (const route of ROUTES) {
    const context = await browser.newContext();
    if (route === '/my-tasks') {
      await context.addInitScript(writeStorage, await sessionStorageEntries(baseUrl, session));
    }
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : type === 'document' ? 'html' : null;
      if (kind && response.ok())
        pending.push(
          response.body().then(
            (body) => ({ kind, body }),
            () => null,
          ),
        );
    });
    // What the route needs to be interactive: everything requested until React owns its heading
    // (rendered on the client, or prerendered and hydrated — a prerendered heading is on screen
    // long before). Idle-time preloads of other remotes come later and are not counted.
    await page.goto(baseUrl + route, { waitUntil: 'load' });
    // A page that boots on intent is finished when its HTML and CSS are: what it runs is counted
    // once the network is quiet (its app is only prefetched, never run, without an interaction).
    const onIntent = await page.evaluate(
      () =>
        Boolean(document.getElementById('root')?.hasAttribute('data-prerendered')) &&
        !document.querySelector('script[src]'),
    );
    if (onIntent) await page.waitForLoadState('networkidle');
    else
      await page.waitForFunction(
        () => {
          const heading = document.querySelector('h1');
          return Boolean(heading) && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
        },
        undefined,
        { timeout: 90_000 },
      );
    const needed = await Promise.all(pending.slice());
    const files = { js: [], css: [], html: [] };
    for (const file of needed) if (file) files[file.kind].push(file.body);
    // Inline scripts run too (the colour scheme, the signed-in check, the boot script); JSON data
    // blocks do not.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !script.type || script.type === 'text/javascript' || script.type === 'module')
        .map((script) => script.textContent ?? '')
        .filter(Boolean),
    );
    files.js.push(...inline.map((text) => Buffer.from(text)));
    result[route] = {
      js: sizes(files.js),
      css: sizes(files.css),
      html: sizes(files.html),
      jsFiles: files.js.length - inline.length,
      inlineScripts: inline.length,
      onIntent,
    };
    console.error(`[bench] ${route}: ${files.js.length} JS files`);
    await context.close();
  }
  return result;
}

const kb = (n) => (n / 1024).toFixed(1);

async function main() {
  ensureInstalled();
  ensureBuilt();
  const monoDir = mkdtempSync(join(tmpdir(), 'stockwise-mono-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'stockwise-bench-'));
  await buildMonolith(monoDir);

  const { chromium } = shellRequire(join(root, 'node_modules', 'playwright-core'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  const results = {};
  for (const [label, gateway] of [
    ['federated', {}],
    ['one bundle', { shellDir: monoDir }],
  ]) {
    const product = await startProduct({
      port: PORT,
      dataDir,
      quiet: true,
      startTimeoutMs: 300_000,
      gateway,
      env: { LOG_LEVEL: 'warn' },
    });
    try {
      const session = await signedInOwner(product.url);
      results[label] = await measure(browser, product.url, session).catch((error) => {
        throw new Error(`${label}: ${error.message}`);
      });
    } finally {
      await product.stop();
    }
  }
  await browser.close();
  rmSync(monoDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });

  const lines = [
    '| route | build | JS files (+ inline) | JS raw KB | JS gzip KB | JS brotli KB | CSS raw KB | CSS gzip KB | CSS brotli KB | HTML gzip KB |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const route of ROUTES) {
    for (const label of Object.keys(results)) {
      const r = results[label][route];
      lines.push(
        `| \`${route}\`${r.onIntent ? ' (boots on intent)' : ''} | ${label} | ${r.jsFiles} (+ ${r.inlineScripts}) | ${kb(r.js.raw)} | ${kb(r.js.gzip)} | ${kb(r.js.brotli)} | ${kb(r.css.raw)} | ${kb(r.css.gzip)} | ${kb(r.css.brotli)} | ${kb(r.html.gzip)} |`,
      );
    }
    const tax = results.federated[route].js.gzip / results['one bundle'][route].js.gzip;
    lines.push(`| \`${route}\` | **federation tax (JS gzip)** | | | **${tax.toFixed(2)}×** | | | | | |`);
  }
  const table = lines.join('\n');
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync(
    join(root, 'bench', 'bundle', 'RESULTS.md'),
    `Measured ${stamp} UTC with \`node bench/bundle/run.mjs\` (Chromium ${browser.version?.() ?? ''}, cold cache, one context per route, counted until React owns the route's first heading, or for a page that boots on intent until the network is quiet; JS = the scripts run, inline ones included).\n\n${table}\n`,
  );
  console.log(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
