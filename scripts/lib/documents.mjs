// The document a browser gets for a page path (issue 14): the shell's index.html, with a remote's
// prerendered page inside it when that remote prerendered the path. Used by the gateway on every
// request and by scripts/compose-documents.mjs for static hosting.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `/` → `index.json`, `/login` → `login.json` (dist/prerendered/ of the remote). */
export function pageFileName(path) {
  const name = path.replace(/^\/+|\/+$/g, '').replace(/\//g, '~');
  return `${name || 'index'}.json`;
}

/** The page's path without query, hash or trailing slash. */
export function normalizePath(url) {
  const path = url.split(/[?#]/)[0];
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A remote's prerendered page for `path`, read from its dist folder, or null. */
export function readPrerendered(distDir, path) {
  const dir = join(distDir, 'prerendered');
  const index = join(dir, 'pages.json');
  if (!existsSync(index)) return null;
  try {
    const paths = JSON.parse(readFileSync(index, 'utf8'));
    if (!Array.isArray(paths) || !paths.includes(path)) return null;
    return JSON.parse(readFileSync(join(dir, pageFileName(path)), 'utf8'));
  } catch {
    // A remote being replaced mid-read: the plain document still works.
    return null;
  }
}

const ROOT = '<div id="root"></div>';

/**
 * The shell's document with `page` in it: its critical CSS and colour-scheme script in the head,
 * its markup inside #root (marked, so the shell hydrates instead of rendering afresh). Without a
 * page, or with a shell document of another shape, the shell's own document is returned.
 */
export function composeDocument(shellHtml, page, { remote = '' } = {}) {
  if (!page || !shellHtml.includes(ROOT) || !shellHtml.includes('</head>')) return shellHtml;
  return shellHtml
    .replace('</head>', () => `${page.head}</head>`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${remote}">${page.root}</div>${page.afterRoot}`);
}
