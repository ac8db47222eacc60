// The document a browser gets for a page path: the shell's index.html, with a remote's
// prerendered page inside it when that remote prerendered the path. Used by the gateway on every
// request and by scripts/compose-documents.mjs for static hosting.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

const escapeAttribute = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * "Roboto Fallback" (named after Roboto in the theme's font stack): the local Arial (or its
 * metric twin Liberation Sans), scaled per weight to Roboto's advance widths and given Roboto's
 * ascent and descent (2048 units: 1900 / 500, no line gap). Measured in Chromium on this repo's
 * pages' text: Roboto is 99.6 % of Arial's width at 400, 100.5 % at 500 (Arial has no 500 and
 * uses its regular) and 94.4 % at 700 and above.
 */
const FALLBACK_FACES = [
  { weight: '100 450', sizeAdjust: 0.996, local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'] },
  { weight: '451 600', sizeAdjust: 1.005, local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'] },
  {
    weight: '601 900',
    sizeAdjust: 0.944,
    local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
  },
];
const percent = (value) => `${(value * 100).toFixed(2)}%`;
export const ROBOTO_FALLBACK_CSS = FALLBACK_FACES.map(
  ({ weight, sizeAdjust, local }) =>
    `@font-face{font-family:"Roboto Fallback";font-weight:${weight};src:${local.map((name) => `local("${name}")`).join(',')};` +
    `size-adjust:${percent(sizeAdjust)};ascent-override:${percent(1900 / 2048 / sizeAdjust)};` +
    `descent-override:${percent(500 / 2048 / sizeAdjust)};line-gap-override:0%}`,
).join('');

/**
 * The shell's web fonts, as its build emitted them: every `@font-face` rule of the CSS files in its
 * dist folder, and the WOFF2 files of the Basic Latin faces (what an English page's text needs).
 * A prerendered page is painted before the shell's CSS arrives; without these rules its text is
 * laid out in a fallback font first and moves when Roboto comes (a layout shift on a first visit).
 */
export function readShellFonts(shellDir) {
  const rules = [];
  try {
    for (const file of readdirSync(shellDir)
      .filter((name) => name.endsWith('.css'))
      .sort())
      rules.push(...(readFileSync(join(shellDir, file), 'utf8').match(/@font-face\s*\{[^}]*\}/g) ?? []));
  } catch {
    return { css: '', preload: [] };
  }
  const preload = rules
    // U+0-FF, however the minifier wrote it (U+0000-00FF, U+??).
    .filter((rule) => /unicode-range:\s*U\+(?:\?\?|0+-0*FF)(?![0-9A-F?])/i.test(rule))
    .map((rule) => /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(rule)?.[1])
    .filter(Boolean);
  return { css: rules.join(''), preload: [...new Set(preload)] };
}

/** The code points a `unicode-range` descriptor names ([first, last] pairs), or null without one. */
function unicodeRange(rule) {
  const descriptor = /unicode-range:\s*([^;}]*)/i.exec(rule)?.[1];
  if (!descriptor) return null;
  return descriptor.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-');
    // U+4?? is U+400-4FF.
    return [parseInt(first.replace(/\?/g, '0'), 16), parseInt(last.replace(/\?/g, 'F'), 16)];
  });
}

/**
 * Every character `text` can show: as written, as an HTML character reference or a CSS escape;
 * not the control characters (the markup's line breaks), which no font draws.
 */
function codePoints(text) {
  const points = new Set([...text].map((char) => char.codePointAt(0)));
  for (const [, hex, decimal] of text.matchAll(/&#(?:x([0-9a-f]+)|(\d+));/gi))
    points.add(hex ? parseInt(hex, 16) : Number(decimal));
  for (const [, hex] of text.matchAll(/\\([0-9a-f]{1,6})/gi)) points.add(parseInt(hex, 16));
  for (const point of points) if (point < 0x20 || (point >= 0x7f && point <= 0x9f)) points.delete(point);
  return points;
}

/**
 * The `@font-face` rules of `css` whose faces can draw a character of `text` (a page's markup and
 * styles); a rule without a unicode-range is always kept. The shell's fonts come as nine faces per
 * weight, one per script (Latin, Latin Extended, Cyrillic, Greek, Vietnamese, symbols…); an
 * English page draws from one or two, and the browser matches every run of text against each face
 * it was given while it lays the page out, before the first paint. The faces left out cannot
 * draw any character of the page, so its look is unchanged; the app's own stylesheet, which
 * declares them all, comes when the app boots (a Turkish visitor's page renders then, too).
 */
export function fontFacesFor(css, text) {
  const points = [...codePoints(text)];
  return css.replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
    const ranges = unicodeRange(rule);
    return !ranges || points.some((point) => ranges.some(([first, last]) => point >= first && point <= last))
      ? rule
      : '';
  });
}

/**
 * What a page needs from its remote, named by the remote's manifest and placed at the URL
 * remotes.json gives for it now: the manifest itself, the remote entry and the synchronous chunks
 * of its `./routes` module. Null when the manifest cannot be read (the runtime finds out itself).
 */
export function readRemoteAssets(distDir, manifestUrl, base = 'http://localhost/') {
  try {
    const manifest = JSON.parse(readFileSync(join(distDir, 'mf-manifest.json'), 'utf8'));
    const at = new URL(manifestUrl, base);
    // publicPath "auto": the files sit beside the manifest, wherever remotes.json puts it.
    const folder =
      manifest.metaData?.publicPath && manifest.metaData.publicPath !== 'auto' ? manifest.metaData.publicPath : at;
    const url = (file) => {
      const resolved = new URL(file, folder);
      return resolved.origin === new URL(base).origin ? resolved.pathname : resolved.href;
    };
    const entry = manifest.metaData.remoteEntry;
    const routes = manifest.exposes?.find((expose) => expose.path === './routes');
    return {
      manifest: manifestUrl,
      scripts: [
        url(`${entry.path ? `${entry.path}/` : ''}${entry.name}`),
        ...(routes?.assets?.js?.sync ?? []).map(url),
      ],
    };
  } catch {
    return null;
  }
}

/**
 * `<link>` hints that start, with the HTML, what the shell would fetch only after its own scripts
 * ran, so a first visit does not wait for them one after another: remotes.json, and for a
 * prerendered page its remote's manifest, entry and routes. The `crossorigin` of a fetch hint
 * matches how the shell and the federation runtime fetch (`fetch()` in cors mode, same-origin
 * credentials), and script hints none (classic scripts), so the browser hands the preloaded
 * answers to those requests instead of fetching twice. With `fonts` (readShellFonts), the shell's
 * `@font-face` rules inline, those of `page` (its prerendered page) only, as fontFacesFor says.
 */
export function documentHints({
  remotesJsonUrl = '/remotes.json',
  remote = null,
  fonts = null,
  onIntent = false,
  page = null,
} = {}) {
  const fetchHint = (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous">`;
  const links = [];
  // A page that boots on intent runs none of it at load: its boot script fetches the remote's
  // scripts once the page has loaded (composeDocument's `prefetch`), so no hint here.
  if (!onIntent) {
    links.push(fetchHint(remotesJsonUrl));
    if (remote) {
      links.push(fetchHint(remote.manifest));
      for (const src of remote.scripts) links.push(`<link rel="preload" href="${escapeAttribute(src)}" as="script">`);
    }
  }
  if (fonts?.css) {
    for (const href of fonts.preload)
      links.push(
        `<link rel="preload" href="${escapeAttribute(href)}" as="font" type="font/woff2" crossorigin="anonymous">`,
      );
    // Only the faces the page's own text needs (fontFacesFor); all of them without a page.
    const faces = page ? fontFacesFor(fonts.css, `${page.head}${page.root}${page.afterRoot ?? ''}`) : fonts.css;
    links.push(`<style data-shell-fonts>${ROBOTO_FALLBACK_CSS}${faces}</style>`);
  }
  return links.join('');
}

/** The shell's own scripts in its document (its entry, deferred in the head). */
const SHELL_SCRIPTS = /<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/gi;

/** Dispatched by the shell once React owns a prerendered page (shell/src/app/hand-over.tsx). */
export const HYDRATED_EVENT = 'stockwise:hydrated';

/**
 * The inline script of a page that boots on intent: it loads the shell's `sources` (in order)
 * when the visitor touches a field or a button (pointerdown: on a phone the boot then overlaps
 * the keyboard opening), presses a key in a field or types into one (a paste, an autofill), and
 * at once when the prerendered markup was dropped (a signed-in visitor, another language). A
 * radio or checkbox is a native switch of the page (the monthly/yearly prices) and boots nothing.
 * Not on focus: the sign-in page's first field is focused by its `autofocus` as the page loads.
 * A press of a button before React owns the page (the language menu, "Sign in" or Enter in a
 * field, whose implicit submission is a click on the form's default button) is held — no native
 * submission, no React handler of a half-hydrated page — and replayed once, when React owns it,
 * on the element the event's detail names for it (the same one, or its counterpart when React drew
 * the page afresh).
 * Links stay ordinary
 * navigations; one followed from the open mobile menu closes the menu (an in-page `#section`).
 * Native controls (`<details>`) need nothing from it. The CSP names it by hash (csp.mjs).
 *
 * Once the page has loaded and the browser is idle it prefetches `prefetch` (downloaded, not
 * run), so that a boot is quick. Not as `<link rel="prefetch">` in the head: Chromium starts
 * those with the fonts, and on a phone's slow network they share the bandwidth the page's own
 * first paint waits for (Lighthouse counts every file that arrived before the largest paint).
 */
export function bootOnIntentScript(sources, prefetch = sources) {
  return (
    `<script>(function(){var d=document,r=d.getElementById("root"),S=${JSON.stringify(sources)},P=${JSON.stringify(prefetch)},b=0,h=0,q=null;` +
    `function boot(){if(b)return;b=1;S.forEach(function(s){var e=d.createElement("script");e.src=s;e.async=false;d.head.appendChild(e)})}` +
    `if(!r.hasAttribute("data-prerendered"))return boot();` +
    `function fetchLater(){if(b)return;P.forEach(function(s){var l=d.createElement("link");l.rel="prefetch";l.as="script";l.href=s;d.head.appendChild(l)})}` +
    `function idle(){window.requestIdleCallback?requestIdleCallback(fetchLater,{timeout:2000}):setTimeout(fetchLater,200)}` +
    `d.readyState==="complete"?idle():addEventListener("load",idle,{once:true});` +
    `addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(e){h=1;var t=q&&(e.detail?e.detail(q):q.isConnected&&q);q=null;if(t)t.click()});` +
    `function control(e,s){var t=e.target.closest&&e.target.closest(s);return t&&r.contains(t)&&t.type!=="radio"&&t.type!=="checkbox"}` +
    `d.addEventListener("input",function(e){if(control(e,"input,textarea,select"))boot()},true);` +
    `d.addEventListener("keydown",function(e){if(control(e,"input,textarea,select"))boot()},true);` +
    `d.addEventListener("pointerdown",function(e){if(control(e,"input,textarea,select,button"))boot()},true);` +
    `d.addEventListener("submit",function(e){if(!h)e.preventDefault()},true);` +
    `d.addEventListener("click",function(e){if(h)return;var t=e.target.closest&&e.target.closest("a[href],button");` +
    `if(!t||!r.contains(t))return;if(t.tagName==="A"){var m=t.closest("details[data-menu]");if(m)m.open=false;return}` +
    `e.preventDefault();e.stopPropagation();q=t;boot()},true)})()</script>`
  );
}

const escapeText = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The page's own title and description in place of the shell's generic ones: a marketing page
 * is finished as HTML, so its tab and its search result must not wait for the app to name it.
 */
export function withMeta(html, { title, description }) {
  return html
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeText(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/i,
      () => `<meta name="description" content="${escapeAttribute(description)}">`,
    );
}

/**
 * The shell's document with `page` in it: its critical CSS and colour-scheme script in the head,
 * its markup inside #root (marked, so the shell hydrates instead of rendering afresh), and
 * `hints` (documentHints) at the top of the head. Without a page, the shell's own document with
 * the hints only; a shell document of another shape is returned as it is. A page that boots on
 * intent fetches the shell's scripts and `prefetch` (its remote's, readRemoteAssets) once loaded.
 * `banner` (dev-banner.mjs) goes before #root, outside what React hydrates.
 */
export function composeDocument(shellHtml, page, { remote = '', hints = '', prefetch = [], banner = '' } = {}) {
  if (!shellHtml.includes(ROOT) || !shellHtml.includes('</head>')) return shellHtml;
  // Before the shell's own <script>, so the hinted fetches start no later than the shell's; after
  // the charset, which must stay within the document's first 1024 bytes.
  const opening = /<meta charset=[^>]*>/i.test(shellHtml) ? /<meta charset=[^>]*>/i : /<head>/;
  const withHints = hints ? shellHtml.replace(opening, (tag) => `${tag}${hints}`) : shellHtml;
  if (!page) return withHints;
  let html = withHints;
  let afterRoot = page.afterRoot;
  if (page.bootOnIntent) {
    // The page is finished as it is: the shell is fetched once the page has loaded and run on
    // intent, and the "needs JavaScript" notice does not apply.
    const sources = [...html.matchAll(SHELL_SCRIPTS)].map((match) => match[1]);
    html = html.replace(SHELL_SCRIPTS, '').replace(/<noscript>[\s\S]*?<\/noscript>/gi, '');
    afterRoot += bootOnIntentScript(sources, [...sources, ...prefetch]);
  }
  if (page.meta) html = withMeta(html, page.meta);
  return html
    .replace('</head>', () => `${page.head}</head>`)
    .replace(ROOT, () => `${banner}<div id="root" data-prerendered="${remote}">${page.root}</div>${afterRoot}`);
}
