// The non-federated baseline: the same shell, with each remote's routes imported as an
// ordinary lazy chunk of one bundle (what a monolith with route-level splitting ships).
// bench/bundle/run.mjs swaps it in for shell/src/mf/remotes.ts.
import type { ComponentType } from 'react';
import type { ScreenTable } from '@stockwise/shared';
import { runWhenIdle } from '../../shell/src/mf/idle';

export const REMOTE_NAMES = ['mfe_public', 'mfe_workspace', 'mfe_settings', 'mfe_billing'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const routes: Record<RemoteName, () => Promise<{ default: ComponentType }>> = {
  mfe_public: () => import('../../mfe-public/src/routes'),
  mfe_workspace: () => import('../../mfe-workspace/src/routes'),
  mfe_settings: () => import('../../mfe-settings/src/routes'),
  mfe_billing: () => import('../../mfe-billing/src/routes'),
};

const screens: Record<RemoteName, () => Promise<{ TABLE: ScreenTable }>> = {
  mfe_public: () => import('../../mfe-public/src/screens'),
  mfe_workspace: () => import('../../mfe-workspace/src/screens'),
  mfe_settings: () => import('../../mfe-settings/src/screens'),
  mfe_billing: () => import('../../mfe-billing/src/screens'),
};

export async function registerRemotesFromConfig(): Promise<void> {}
export async function loadRemoteScreens(name: RemoteName): Promise<ScreenTable> {
  return (await screens[name]()).TABLE;
}
export async function loadRemoteRoutes(name: RemoteName): Promise<ComponentType> {
  return (await routes[name]()).default;
}
export async function loadRoutesForHydration(name: RemoteName, pathname: string): Promise<ComponentType> {
  const module: { default: ComponentType; preload?: (pathname: string) => Promise<void> } = await routes[name]();
  await module.preload?.(pathname);
  return module.default;
}
export function resetRemote(): void {}
export function preload(name: RemoteName): void {
  void routes[name]();
}
export function preloadWhenIdle(names: readonly RemoteName[], afterMs = 3000): void {
  runWhenIdle(() => names.forEach(preload), afterMs);
}
export function federationInstance() {
  return null;
}
