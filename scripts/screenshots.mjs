#!/usr/bin/env node
// What a visitor sees on the public pages, light and dark, at phone and desktop width: one small
// PNG each (viewport only, device scale 1), taken after the page has settled — to compare two
// builds of the same pages (prerendering must not change how they look).
//   node scripts/screenshots.mjs <out-dir>              → <out-dir>/<page>-<scheme>-<width>.png
//     (and <page>-tr-light-<width>.png: Turkish, as a visitor whose stored language is Turkish)
//   node scripts/screenshots.mjs --compare <a> <b>      → differing pixels per file, per cent
// PORT (default 8280) is where the product is started.
/* global document, Image, OffscreenCanvas -- used inside functions that run in the page */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { ensureBuilt, ensureInstalled, root, startProduct } from './lib/workspace.mjs';

const PAGES = {
  landing: '/',
  documentation: '/documentation',
  privacy: '/privacy-policy',
  contact: '/contact-us',
  pricing: '/pricing',
  login: '/login',
  register: '/register',
};
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const SCHEMES = ['light', 'dark'];
/** English in both schemes; Turkish (rendered on the client: pages are prerendered in English) in light. */
const LOOKS = [
  ...SCHEMES.map((scheme) => ({ scheme, language: 'en', suffix: scheme })),
  { scheme: 'light', language: 'tr', suffix: 'tr-light' },
];

const { chromium } = createRequire(join(root, 'shell', 'package.json'))(join(root, 'node_modules', 'playwright-core'));

async function take(outDir) {
  ensureInstalled();
  ensureBuilt();
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'stockwise-shots-'));
  const product = await startProduct({
    port: Number(process.env.PORT || 8280),
    dataDir,
    quiet: true,
    // A shared machine under load can take minutes to boot PGlite and migrate.
    startTimeoutMs: 300_000,
    env: { LOG_LEVEL: 'warn' },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const [name, path] of Object.entries(PAGES))
      for (const { scheme, language, suffix } of LOOKS)
        for (const [size, viewport] of Object.entries(VIEWPORTS)) {
          const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
          // The theme toggle's and the language menu's stored choices, as a returning visitor has them.
          await context.addInitScript(
            ([mode, lang]) => {
              localStorage.setItem('theme-mode', mode);
              localStorage.setItem('language', lang);
            },
            [scheme, language],
          );
          const page = await context.newPage();
          await page.goto(product.url + path, { waitUntil: 'networkidle' });
          await page.locator('h1').first().waitFor();
          await page.evaluate(() => document.fonts.ready);
          await page.waitForTimeout(500);
          await page.screenshot({ path: join(outDir, `${name}-${suffix}-${size}.png`) });
          await context.close();
        }
  } finally {
    await browser.close();
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Compares same-named PNGs pixel by pixel in the browser (no image library needed). */
async function compare(a, b) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const rows = [];
  for (const file of readdirSync(a).filter((f) => f.endsWith('.png'))) {
    const [left, right] = [a, b].map(
      (dir) => `data:image/png;base64,${readFileSync(join(dir, file)).toString('base64')}`,
    );
    const result = await page.evaluate(
      async ([l, r]) => {
        const load = (src) =>
          new Promise((res, rej) => {
            const img = new Image();
            img.onload = () => res(img);
            img.onerror = rej;
            img.src = src;
          });
        const [x, y] = await Promise.all([load(l), load(r)]);
        if (x.width !== y.width || x.height !== y.height) return { sizeDiffers: true };
        const pixels = (img) => {
          const canvas = new OffscreenCanvas(img.width, img.height);
          const ctx = canvas.getContext('2d');
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, img.width, img.height).data;
        };
        const [p, q] = [pixels(x), pixels(y)];
        let differing = 0;
        for (let i = 0; i < p.length; i += 4) {
          if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 24)
            differing += 1;
        }
        return { differing, total: p.length / 4 };
      },
      [left, right],
    );
    rows.push({ file, ...result });
  }
  await browser.close();
  for (const row of rows)
    console.log(
      row.sizeDiffers
        ? `${row.file}: sizes differ`
        : `${row.file}: ${((100 * row.differing) / row.total).toFixed(2)} % of pixels differ (${row.differing})`,
    );
}

const args = process.argv.slice(2);
if (args[0] === '--compare') await compare(resolve(args[1]), resolve(args[2]));
else if (args[0]) await take(resolve(args[0]));
else {
  console.error('usage: node scripts/screenshots.mjs <out-dir> | --compare <dir-a> <dir-b>');
  process.exit(2);
}
