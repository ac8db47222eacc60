#!/usr/bin/env node
// A remote's prerendered pages (painted before any JavaScript on a first visit), run by its
// `build` script after the browser build: builds the remote's src/prerender.tsx for Node, renders
// each of its PRERENDERED_PATHS and writes dist/prerendered/pages.json (the paths) and one JSON
// file per page (head, root and afterRoot markup). The gateway — or the deploy step of a static host — puts a page into the
// shell's index.html as the document for its path (scripts/lib/documents.mjs).
//   cd mfe-public && node ../scripts/prerender.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pageFileName } from './lib/documents.mjs';

const dir = process.cwd();
const appRequire = createRequire(join(dir, 'package.json'));
const { rspack } = appRequire('@rspack/core');
const { createPrerenderConfig } = appRequire('../rspack.base.js');

const outDir = join(dir, 'node_modules', '.cache', 'stockwise-prerender');
const compiler = rspack(createPrerenderConfig({ dir, outDir }));
await new Promise((resolve, reject) =>
  compiler.run((err, stats) =>
    err || stats.hasErrors() ? reject(err ?? new Error(stats.toString('errors-only'))) : resolve(),
  ),
);
// Closed before the pages are rendered, as Rspack asks after a run. One CI build's prerender
// aborted (exit 134) after writing its last page with the compiler left open; why is not known,
// and nothing of the compiler's should still be running when the process ends.
await new Promise((resolve, reject) => compiler.close((err) => (err ? reject(err) : resolve())));

const { PRERENDERED_PATHS, render } = appRequire(join(outDir, 'prerender.js'));
const target = join(dir, 'dist', 'prerendered');
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const path of PRERENDERED_PATHS) {
  const page = await render(path);
  writeFileSync(join(target, pageFileName(path)), JSON.stringify(page));
  console.log(
    `[prerender] ${path}: ${(page.root.length / 1024).toFixed(1)} KB HTML, ${(page.head.length / 1024).toFixed(1)} KB head`,
  );
}
writeFileSync(join(target, 'pages.json'), JSON.stringify(PRERENDERED_PATHS));
