import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRemoteServer } from '../../scripts/gateway.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A remote's own server, as its CDN. Its `close` is the CDN going down: every connection is cut,
 * not waited for. A close that waited held a test's teardown past its 90 s once, on a loaded
 * machine (a CI rehearsal in session 21), with the test's page still open.
 */
export async function startRemoteServer(dir: string, port: number): Promise<{ close: () => Promise<void> }> {
  const app = await buildRemoteServer(dir);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    close: async () => {
      const closed = app.close();
      app.server.closeAllConnections();
      await closed;
    },
  };
}

/** Replaces visible text only: a string literal, or JSX text, never an identifier. */
function replaceText(text: string, from: string, to: string): string {
  let out = text;
  for (const [open, close] of [
    ["'", "'"],
    ['"', '"'],
    ['`', '`'],
    ['>', '<'],
  ] as const) {
    out = out.split(`${open}${from}${close}`).join(`${open}${to}${close}`);
  }
  return out;
}

function replaceInTree(dir: string, from: string, to: string): number {
  let changed = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) changed += replaceInTree(path, from, to);
    else if (/\.(tsx?|json)$/.test(name)) {
      const text = readFileSync(path, 'utf8');
      const next = replaceText(text, from, to);
      if (next !== text) {
        writeFileSync(path, next);
        changed += 1;
      }
    }
  }
  return changed;
}

/**
 * Builds a changed copy of a remote, as its team would ship a new release, without touching
 * the checked-out sources. The copy sits inside the remote's folder so that it resolves the
 * same installed dependencies. Returns the folder holding the new dist/.
 */
export async function buildRemoteInto(app: string, change: { from: string; to: string }): Promise<string> {
  const appDir = join(repoRoot, app);
  const work = mkdtempSync(join(appDir, '.release-'));
  try {
    for (const entry of ['src', 'rspack.config.js', 'package.json'])
      cpSync(join(appDir, entry), join(work, entry), { recursive: true });
    // The copy is one folder deeper: its config must still find the shared factory.
    const config = join(work, 'rspack.config.js');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("require('../rspack.base')", "require('../../rspack.base')"),
    );
    const changed = replaceInTree(join(work, 'src'), change.from, change.to);
    if (changed === 0) throw new Error(`"${change.from}" is not in ${app}'s sources`);
    execFileSync(join(appDir, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], {
      cwd: work,
      stdio: 'pipe',
    });
    const out = mkdtempSync(join(repoRoot, 'e2e', '.artifacts-release-'));
    cpSync(join(work, 'dist'), out, { recursive: true });
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
