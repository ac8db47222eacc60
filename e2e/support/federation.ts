import rspackBase from '../../rspack.base.js';
import type { APIRequestContext, Page } from '@playwright/test';

// The one list, from the build factory: what is shared is what must be loaded once.
export const SHARED_SINGLETONS: string[] = rspackBase.SHARED_SINGLETONS;
/** MUI's context and state modules (FormControlContext, DefaultPropsProvider, …), shared file by file. */
export const MUI_STATE_MODULES: string[] = rspackBase.muiStateShareKeys();

export interface LoadedShare {
  pkg: string;
  version: string;
  from: string;
}

/** Every shared module the federation runtime has actually loaded in the page, by provider. */
export async function loadedShares(page: Page): Promise<LoadedShare[]> {
  return page.evaluate(() => {
    type ShareInfo = { from: string; loaded?: boolean; lib?: unknown };
    const share =
      (
        globalThis as {
          __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>> };
        }
      ).__FEDERATION__?.__SHARE__ ?? {};
    const seen = new Map<string, { pkg: string; version: string; from: string }>();
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded || info.lib) seen.set(`${pkg}@${version}@${info.from}`, { pkg, version, from: info.from });
          }
        }
      }
    }
    return [...seen.values()];
  });
}

/** The remote names whose `./routes` the runtime has loaded into the page. */
export async function loadedRemotes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const instances =
      (globalThis as { __FEDERATION__?: { __INSTANCES__?: { moduleCache: Map<string, unknown> }[] } }).__FEDERATION__
        ?.__INSTANCES__ ?? [];
    return [...new Set(instances.flatMap((i) => [...i.moduleCache.keys()]))];
  });
}

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
}

/** Files a remote built only for its copies of shared packages: a page must never fetch them. */
export function sharedOnlyFiles(manifest: Manifest): string[] {
  const files = (list: Manifest['shared'] | Manifest['exposes']) =>
    new Set(list.flatMap((entry) => [...entry.assets.js.sync, ...entry.assets.js.async]));
  const exposed = files(manifest.exposes);
  return [...files(manifest.shared)].filter((file) => !exposed.has(file));
}

/**
 * The shared singletons whose code a built file holds, read from its source map. A file the
 * manifest lists for a shared package's fallback can also hold a remote's own, unshared
 * dependency (react-hook-form, used by @stockwise/shared's fallback and by a remote's form):
 * fetching that file is no second copy unless a singleton's own code is in it.
 */
export async function singletonsInFile(request: APIRequestContext, path: string): Promise<string[]> {
  const map = (await (await request.get(`${path}.map`)).json()) as { sources: string[] };
  return SHARED_SINGLETONS.filter((pkg) =>
    map.sources.some((source) =>
      pkg === '@stockwise/shared'
        ? /(^|\/)shared\/src\//.test(source) || source.includes('/@stockwise/shared/')
        : source.includes(
            `/node_modules/${pkg
              .split('/')
              .slice(0, pkg.startsWith('@') ? 2 : 1)
              .join('/')}/`,
          ),
    ),
  );
}

/** Client-side navigation, as a menu click does: no page load. */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Which fetched files carry their own copy of each of MUI's context and state modules, read from
 * the source maps: a file that bundles `FormControl/FormControlContext.mjs` instead of taking it
 * from the share scope creates a second FormControlContext in the page.
 */
export async function muiStateCopies(request: APIRequestContext, paths: string[]): Promise<Record<string, string[]>> {
  const copies: Record<string, string[]> = {};
  for (const path of new Set(paths.filter((candidate) => candidate.endsWith('.js')))) {
    const response = await request.get(`${path}.map`);
    if (!response.ok()) continue;
    const { sources } = (await response.json()) as { sources: string[] };
    for (const key of MUI_STATE_MODULES)
      if (sources.some((source) => source.endsWith(`/node_modules/${key}.mjs`))) (copies[key] ??= []).push(path);
  }
  return copies;
}
