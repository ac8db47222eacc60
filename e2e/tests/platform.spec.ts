import { expect, test, type Page } from '../support/test';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadedRemotes,
  loadedShares,
  MUI_STATE_MODULES,
  muiStateCopies,
  navigateInApp,
  SHARED_SINGLETONS,
  sharedOnlyFiles,
  singletonsInFile,
} from '../support/federation';
import { REMOTE_SERVER_PORT } from '../support/ports';
import { login, registerCompany, signInWithToken } from '../support/session';
import { repoRoot, buildRemoteInto, startRemoteServer } from '../support/remotes';

const REMOTE_NAMES = ['mfe_public', 'mfe_workspace', 'mfe_settings', 'mfe_billing'];
const fallback = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be loaded' });

async function signInAsNewOwner(page: Page) {
  const company = await registerCompany(page.request);
  const { token, user } = await login(page.request, company.userName, company.password);
  await signInWithToken(page, token, user);
  return company;
}

test('the shell mounts every remote, and each shared singleton is loaded once, from one build', async ({ page }) => {
  await signInAsNewOwner(page);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));

  // One page load, four remotes: navigate inside the app as the menu does.
  await page.goto('/my-tasks');
  await expect(page.locator('main')).toBeVisible();
  for (const path of ['/settings/company', '/premium-purchase', '/contact']) {
    await navigateInApp(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
  }
  await expect(fallback(page)).toHaveCount(0);
  expect((await loadedRemotes(page)).sort()).toEqual([...REMOTE_NAMES].sort());

  // Through the federation runtime: each singleton has exactly one loaded provider: the shell.
  const shares = await loadedShares(page);
  for (const pkg of SHARED_SINGLETONS) {
    const providers = shares.filter((s) => s.pkg === pkg);
    expect(providers, `${pkg} loaded providers`).toHaveLength(1);
    expect(providers[0]?.from, `${pkg} provider`).toBe('shell');
  }

  // Through the network log: no remote's own copy of a shared package was downloaded.
  for (const remote of ['public', 'workspace', 'settings', 'billing']) {
    const manifest = await (await page.request.get(`/remotes/${remote}/mf-manifest.json`)).json();
    const forbidden = sharedOnlyFiles(manifest).map((file) => `/remotes/${remote}/${file}`);
    expect(forbidden.length, `${remote} builds its own copies of shared packages`).toBeGreaterThan(0);
    const copies: string[] = [];
    for (const path of requested.filter((candidate) => forbidden.includes(candidate)))
      for (const pkg of await singletonsInFile(page.request, path)) copies.push(`${path}: ${pkg}`);
    expect(copies, `${remote} shared copies fetched`).toEqual([]);
    expect(requested.filter((path) => path === `/remotes/${remote}/remoteEntry.js`)).toHaveLength(1);
  }

  // MUI itself is bundled by each build (tree-shaken); its contexts and page-wide state are not:
  // each one the page used was loaded once — from the shell, or from the first remote that needed
  // one the shell does not use (DialogContext) — and exactly one fetched file carries it.
  const muiShares = shares.filter((s) => MUI_STATE_MODULES.includes(s.pkg));
  for (const key of [
    '@mui/material/styles/ThemeProviderWithVars',
    '@mui/system/DefaultPropsProvider/DefaultPropsProvider',
    '@mui/material/FormControl/FormControlContext',
  ])
    expect(
      muiShares.map((s) => s.pkg),
      `${key} is used by the pages visited`,
    ).toContain(key);
  for (const key of new Set(muiShares.map((s) => s.pkg)))
    expect(
      muiShares.filter((s) => s.pkg === key),
      `${key} loaded providers`,
    ).toHaveLength(1);
  for (const key of [
    '@mui/material/styles/ThemeProviderWithVars',
    '@mui/system/DefaultPropsProvider/DefaultPropsProvider',
  ])
    expect(muiShares.find((s) => s.pkg === key)?.from, `${key} provider`).toBe('shell');
  for (const [key, files] of Object.entries(await muiStateCopies(page.request, requested)))
    expect(files, `files carrying ${key}`).toHaveLength(1);
});

test("the shell's theme, default props and MUI contexts reach the components a remote renders", async ({ page }) => {
  // Not prerendered: the public remote draws this page in the browser with its own MUI components.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const submit = page.locator('form button[type="submit"]');
  await expect(submit).toBeVisible();
  const look = await submit.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, shadow: style.boxShadow, radius: style.borderTopLeftRadius };
  });
  // The theme (primary #1e5eff, radius 12) comes through @emotion/react's ThemeContext; MUI's
  // default theme would paint rgb(25, 118, 210) with 4px corners.
  expect(look.background).toBe('rgb(30, 94, 255)');
  expect(look.radius).toBe('12px');
  // `MuiButton.defaultProps.disableElevation` reaches the remote's Button only through the one
  // DefaultPropsProvider context: a second copy would give it MUI's default shadow.
  expect(look.shadow).toBe('none');

  // TextField = FormControl + InputLabel + InputBase, which meet through FormControlContext: the
  // label floats and turns focused only if they read the same context.
  const field = page.getByRole('textbox').first();
  const label = page.locator('form label').first();
  await field.blur();
  await expect(label).not.toHaveClass(/Mui-focused/);
  await field.focus();
  await expect(label).toHaveClass(/Mui-focused/);
  await expect(label).toHaveAttribute('data-shrink', 'true');

  // The same context objects whether the shell's container or the page's remote asks the
  // federation runtime for them (a container only preloaded, not yet initialised with the page's
  // share scope, would answer with its own fallback: it is not asked).
  const sameEverywhere = await page.evaluate(async (keys) => {
    type Instance = { name: string; loadShare: (pkg: string) => Promise<false | (() => unknown)> };
    const instances = (
      globalThis as { __FEDERATION__?: { __INSTANCES__?: Instance[] } }
    ).__FEDERATION__?.__INSTANCES__?.filter((instance) => ['shell', 'mfe_public'].includes(instance.name));
    const result: Record<string, number> = {};
    for (const key of keys) {
      const modules = new Set<unknown>();
      for (const instance of instances ?? []) {
        const factory = await instance.loadShare(key).catch(() => false as const);
        if (factory) modules.add(factory());
      }
      result[key] = modules.size;
    }
    return { instances: instances?.map((i) => i.name) ?? [], result };
  }, MUI_STATE_MODULES);
  expect(sameEverywhere.instances.sort()).toEqual(['mfe_public', 'shell']);
  for (const key of MUI_STATE_MODULES) expect(sameEverywhere.result[key], `${key}: distinct modules`).toBe(1);
});

test('a deep link into a remote route works on first load', async ({ page }) => {
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fallback(page)).toHaveCount(0);

  await signInAsNewOwner(page);
  const response = await page.goto('/settings/company');
  expect(response?.headers()['cache-control']).toBe('no-cache');
  await expect(page).toHaveURL(/\/settings\/company$/);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  expect(await loadedRemotes(page)).toContain('mfe_settings');
});

test.describe('a remote served from its own server', () => {
  // remotes.json is rewritten in the browser here, so the gateway's policy (made from its own
  // remotes.json) cannot name that origin; rewriting the documents instead would move them out of
  // the loopback address space, and Chromium then refuses the remote. gateway.spec.ts checks that
  // the policy names exactly the origins remotes.json names.
  test.use({ bypassCSP: true });
  // page.route cannot see what the offline worker fetches (remotes.json on a reload), so this
  // browser-side rewrite needs the page without it; offline-shell.spec.ts tests the worker.
  test.use({ serviceWorkers: 'block' });
  let deployDir = '';
  let server: Awaited<ReturnType<typeof startRemoteServer>> | null = null;

  test.beforeEach(async ({ page }) => {
    deployDir = mkdtempSync(join(tmpdir(), 'stockwise-billing-cdn-'));
    cpSync(join(repoRoot, 'mfe-billing', 'dist'), deployDir, { recursive: true });
    server = await startRemoteServer(deployDir, REMOTE_SERVER_PORT);
    // This environment's remotes.json sends the billing remote to its own origin.
    await page.route('**/remotes.json', async (route) => {
      const original = await (await route.fetch()).json();
      await route.fulfill({
        json: { ...original, mfe_billing: `http://127.0.0.1:${REMOTE_SERVER_PORT}/mf-manifest.json` },
      });
    });
  });

  test.afterEach(async () => {
    await server?.close();
    server = null;
    rmSync(deployDir, { recursive: true, force: true });
  });

  test('when it is down the rest keeps working, and Retry recovers it without a reload', async ({ page }) => {
    await server?.close();
    server = null;
    // A billing page that runs the app (/pricing is a prerendered marketing page: no remote on load).
    await page.goto('/test-subscription-limit');
    await expect(fallback(page)).toBeVisible({ timeout: 30_000 });
    await expect(fallback(page)).toContainText('Billing could not be loaded');

    // The shell and another remote still work in the same page.
    await navigateInApp(page, '/login');
    await expect(fallback(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

    await navigateInApp(page, '/test-subscription-limit');
    await expect(fallback(page)).toBeVisible({ timeout: 30_000 });

    // The remote comes back; Retry loads it in place.
    server = await startRemoteServer(deployDir, REMOTE_SERVER_PORT);
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Math.random()));
    await fallback(page).getByRole('button', { name: 'Retry' }).click();
    await expect(fallback(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker: number }).__marker)).toBe(marker);
    expect(await loadedRemotes(page)).toContain('mfe_billing');
  });

  test('a rebuilt and redeployed remote shows on reload with no shell rebuild', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/test-subscription-limit');
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    const before = (await heading.textContent())?.trim() ?? '';
    expect(before.length).toBeGreaterThan(0);
    const shellEntry = await (await page.request.get('/')).text();

    // The billing team changes its heading, rebuilds, and uploads dist/ over the old one.
    const after = `${before} (new release)`;
    const built = await buildRemoteInto('mfe-billing', { from: before, to: after });
    rmSync(deployDir, { recursive: true, force: true });
    cpSync(built, deployDir, { recursive: true });
    rmSync(built, { recursive: true, force: true });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: after })).toBeVisible();
    expect(await (await page.request.get('/')).text()).toBe(shellEntry);
  });
});
