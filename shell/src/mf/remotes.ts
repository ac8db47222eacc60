import { getInstance, loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { ScreenTable } from '@stockwise/shared';
import { runWhenIdle } from './idle';

/** The remotes the shell mounts, by their federation container names. */
export const REMOTE_NAMES = ['mfe_public', 'mfe_workspace', 'mfe_settings', 'mfe_billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export type RemotesConfig = Record<RemoteName, string>;

let registered: RemotesConfig | null = null;

function isRemotesConfig(value: unknown): value is RemotesConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    REMOTE_NAMES.every((name) => typeof (value as Record<string, unknown>)[name] === 'string')
  );
}

/**
 * Reads remotes.json (served no-cache; one file per environment) and registers every remote.
 * The shell is built with no remote URL, so rolling a remote forward or back is an edit of
 * that file, not a shell release.
 */
export async function registerRemotesFromConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const config: unknown = await response.json();
  if (!isRemotesConfig(config)) throw new Error('remotes.json does not name every remote');
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: new URL(config[name], window.location.href).href })));
  registered = config;
  return config;
}

/** Loads a remote's `./routes` module: a component rendering its relative <Routes>. */
export async function loadRemoteRoutes(name: RemoteName): Promise<ComponentType> {
  const module = await loadRemote<{ default: ComponentType }>(`${name}/routes`);
  if (!module?.default) throw new Error(`${name} exposes no routes`);
  return module.default;
}

/** Loads a remote's `./screens` module: its screen table, which the drawer is built from. */
export async function loadRemoteScreens(name: RemoteName): Promise<ScreenTable> {
  const module = await loadRemote<{ TABLE?: ScreenTable }>(`${name}/screens`);
  if (!module?.TABLE) throw new Error(`${name} exposes no screen table`);
  return module.TABLE;
}

/** What a remote's `./routes` module gives: its routes, and (optionally) a page preloader. */
interface RoutesModule {
  default: ComponentType;
  preload?: (pathname: string) => Promise<void>;
}

/**
 * For a prerendered page: the remote's routes and the page's own chunk, loaded before the shell
 * hydrates, so that hydration adopts the markup in one pass.
 */
export async function loadRoutesForHydration(name: RemoteName, pathname: string): Promise<ComponentType> {
  const module = await loadRemote<RoutesModule>(`${name}/routes`);
  if (!module?.default) throw new Error(`${name} exposes no routes`);
  await module.preload?.(pathname);
  return module.default;
}

/**
 * Forgets everything the runtime cached about a remote (a failed entry, its manifest), so the
 * next load fetches it afresh — this is what the Retry button does, with no page reload.
 */
export function resetRemote(name: RemoteName): void {
  if (!registered) return;
  registerRemotes([{ name, entry: new URL(registered[name], window.location.href).href }], { force: true });
}

const preloaded = new Set<RemoteName>();

/** Fetches a remote's entry and `./routes` chunks ahead of a click (menu hover, idle time). */
export function preload(name: RemoteName): void {
  if (preloaded.has(name) || !registered) return;
  preloaded.add(name);
  preloadRemote([{ nameOrAlias: name, exposes: ['./routes'], resourceCategory: 'sync' }]).catch(() => {
    // A failed preload is not an error: the real load retries and shows its own fallback.
    preloaded.delete(name);
  });
}

/**
 * Once the page is idle, fetches the remotes this visitor is likely to open next, so the
 * first click into them does not wait on the network. Never competes with the first paint.
 */
export function preloadWhenIdle(names: readonly RemoteName[], afterMs = 3000): void {
  runWhenIdle(() => names.forEach(preload), afterMs);
}

/** The federation runtime's view of what was loaded, for the platform's own checks. */
export function federationInstance() {
  return getInstance();
}
