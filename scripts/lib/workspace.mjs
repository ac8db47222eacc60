// What `npm start`, `npm test` and `npm run test:e2e` share: install once, build only what
// changed, and start the product (API + gateway) on one URL.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pnpm, root } from '../pnpm.mjs';
import { apiTrustBehind } from './server-options.mjs';

export { root };

const APPS = ['shell', 'mfe-public', 'mfe-workspace', 'mfe-settings', 'mfe-billing'];
const SKIP = new Set(['node_modules', 'dist', 'coverage', '.data', 'test-results', '.artifacts']);

function walk(dir, files = []) {
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, files);
    else files.push(path);
  }
  return files;
}

/** A content hash of files and folders: git checkouts change mtimes, not contents. */
export function hashOf(paths) {
  const hash = createHash('sha256');
  for (const path of paths.map((p) => join(root, p))) {
    const files = existsSync(path) && statSync(path).isDirectory() ? walk(path).sort() : [path];
    for (const file of files) {
      if (!existsSync(file)) continue;
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** Runs `action` unless `hash` matches the stamp it left last time (stamps live in node_modules). */
function stamped(name, hash, action) {
  const stampFile = join(root, 'node_modules', `.stockwise-${name}-stamp`);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return false;
  action();
  writeFileSync(stampFile, hash);
  return true;
}

function run(args, what) {
  const status = pnpm(args);
  if (status !== 0) throw new Error(`${what} failed (pnpm ${args.join(' ')})`);
}

/** pnpm install, skipped when the lockfile and every package.json are as last installed. */
export function ensureInstalled() {
  const manifests = [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    ...APPS.map((a) => `${a}/package.json`),
    'shared/package.json',
    'kit/package.json',
    'api/package.json',
    'e2e/package.json',
  ];
  return stamped('install', hashOf(manifests), () => {
    console.log('[stockwise] installing dependencies (pinned pnpm, through npm)…');
    run(['install', '--frozen-lockfile'], 'install');
  });
}

/** Production builds of every app and the API, skipped when no source changed. */
export function ensureBuilt() {
  const inputs = [
    'rspack.base.js',
    'tsconfig.base.json',
    'pnpm-lock.yaml',
    'scripts/index.html',
    'scripts/browser',
    'types',
    'shared',
    'kit',
    'api/src',
    'api/package.json',
    'api/tsconfig.json',
    'api/tsconfig.build.json',
    ...APPS,
  ];
  return stamped('build', hashOf(inputs), () => {
    console.log('[stockwise] building the shell, the remotes and the API (production)…');
    run(['-r', '--filter', './shell', '--filter', './mfe-*', '--filter', './api', 'build'], 'build');
  });
}

async function waitFor(url, ms, child) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/**
 * Starts the API as its own process and the gateway in this one.
 * @returns {Promise<{url: string, stop: () => Promise<void>}>}
 */
export async function startProduct({
  port = 8080,
  apiPort = port + 1,
  dataDir = join(root, '.data'),
  env = {},
  gateway = {},
  quiet = false,
  replicas = 1,
  // A shared machine under load can take longer than a minute to boot PGlite and migrate.
  startTimeoutMs = 60_000,
} = {}) {
  const publicUrl = `http://localhost:${port}`;
  // `npm start` is the development setup unless NODE_ENV says otherwise (docs/deploying.md):
  // stand-ins and demo data, served on loopback only. NODE_ENV=production: none of them, and
  // the gateway listens on every interface.
  const mode = (env.NODE_ENV ?? process.env.NODE_ENV) === 'production' ? 'production' : 'development';
  const host = process.env.HOST || (mode === 'production' ? '0.0.0.0' : '127.0.0.1');
  const { gatewayOptionsFromEnv } = await import('../gateway.mjs');
  // TRUST_PROXY and REQUEST_TIMEOUT_SECONDS are the gateway's (it faces the clients); a test may
  // pass its own in `gateway`.
  const gatewayOptions = { ...gatewayOptionsFromEnv({ ...process.env, ...env }), ...gateway };
  const { TRUST_PROXY: _gatewayTrust, ...apiEnv } = env;
  // REPLICAS API processes on apiPort, apiPort + 1, …, the gateway spreading requests over them
  // (`npm run start:ha` runs two on a PostgreSQL cluster; PGlite is one process's, so one).
  const apiPorts = Array.from({ length: replicas }, (_, i) => apiPort + i);
  const spawnApi = (listen) =>
    spawn(process.execPath, [join(root, 'api', 'dist', 'main.js')], {
      cwd: join(root, 'api'),
      env: {
        PUBLIC_URL: publicUrl,
        ...process.env,
        NODE_ENV: mode,
        API_PORT: String(listen),
        API_HOST: '127.0.0.1',
        // Behind the gateway on this machine: the client is the one the gateway found, behind the
        // proxies it trusts.
        TRUST_PROXY: apiTrustBehind(gatewayOptions.trustProxy),
        DATA_DIR: dataDir,
        ...apiEnv,
      },
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
  const apis = [];
  let app;
  try {
    // One after the other: the first migrates, the next find it done.
    for (const listen of apiPorts) {
      const child = spawnApi(listen);
      apis.push(child);
      await waitFor(`http://127.0.0.1:${listen}/api/health`, startTimeoutMs, child);
    }
    const { buildGateway } = await import('../gateway.mjs');
    const apiUrls = apiPorts.map((p) => `http://127.0.0.1:${p}`);
    app = await buildGateway({ apiUrl: apiUrls.length === 1 ? apiUrls[0] : apiUrls, ...gatewayOptions });
    await app.listen({ port, host });
  } catch (error) {
    // Never leave an API behind that the next start would collide with.
    for (const child of apis) child.kill('SIGTERM');
    throw error;
  }
  const api = apis[0];

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
    await Promise.all(
      apis.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // The limit's timer is cleared once the API has exited: left running, it kept the caller's
        // process (the browser suite's runner, at its end) alive for the rest of the ten seconds.
        let limit;
        await Promise.race([exited, new Promise((r) => (limit = setTimeout(r, 10_000)))]);
        clearTimeout(limit);
        if (child.exitCode === null) child.kill('SIGKILL');
      }),
    );
  };
  return { url: publicUrl, stop, api, apis, mode, host };
}
