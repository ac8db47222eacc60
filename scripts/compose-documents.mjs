#!/usr/bin/env node
// Static hosting (docs/deploying.md): writes the document of every prerendered path — the
// shell's index.html with the page of the remote that owns it — as <out>/<path>/index.html,
// and the plain shell document as <out>/app.html for every other path (the host's SPA
// fallback). Run it in the release step whenever the shell, a remote with prerendered pages, or
// remotes.json changes; the gateway does the same on every request (scripts/gateway.mjs).
// With --remotes-json (the environment's file), each page also carries preload hints for its
// remote's manifest, entry and routes at the URLs that file names (scripts/lib/documents.mjs).
//   node scripts/compose-documents.mjs --shell shell/dist --remote mfe_public=mfe-public/dist \
//     --remote mfe_billing=mfe-billing/dist --remotes-json remotes.json --out build/documents
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { composeDocument, documentHints, readPrerendered, readRemoteAssets, readShellFonts } from './lib/documents.mjs';

const { values } = parseArgs({
  options: {
    shell: { type: 'string' },
    remote: { type: 'string', multiple: true, default: [] },
    'remotes-json': { type: 'string' },
    out: { type: 'string' },
  },
});
if (!values.shell || !values.out) {
  console.error(
    'usage: compose-documents.mjs --shell <dist> --remote <name>=<dist> … [--remotes-json <file>] --out <dir>',
  );
  process.exit(2);
}

const shellHtml = readFileSync(join(resolve(values.shell), 'index.html'), 'utf8');
const out = resolve(values.out);
mkdirSync(out, { recursive: true });
const remotesJson = values['remotes-json'] ? JSON.parse(readFileSync(values['remotes-json'], 'utf8')) : {};
const fonts = readShellFonts(resolve(values.shell));
writeFileSync(join(out, 'app.html'), composeDocument(shellHtml, null, { hints: documentHints() }));

for (const spec of values.remote) {
  const [name, dist] = spec.split('=');
  const pagesFile = join(resolve(dist), 'prerendered', 'pages.json');
  if (!existsSync(pagesFile)) {
    console.log(`${name}: no prerendered pages`);
    continue;
  }
  const paths = JSON.parse(readFileSync(pagesFile, 'utf8'));
  for (const path of paths) {
    const page = readPrerendered(resolve(dist), path);
    const file = join(out, path.replace(/^\/+/, ''), 'index.html');
    mkdirSync(dirname(file), { recursive: true });
    const remote = remotesJson[name] ? readRemoteAssets(resolve(dist), remotesJson[name]) : null;
    writeFileSync(
      file,
      composeDocument(shellHtml, page, {
        remote: name,
        hints: documentHints({ remote, fonts, onIntent: Boolean(page.bootOnIntent), page }),
        prefetch: remote?.scripts ?? [],
      }),
    );
    console.log(`${name}: ${path} → ${file}`);
  }
}
