import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { login, registerCompany, signInWithToken } from '../support/session';
import { addUserWithRoles } from '../support/users';

// The till's browser reloaded without the network (issue "Shop-ready", point 4): after one visit
// the service worker gives the shell and the counter screen from its caches, the scan waits on the
// device, and it is sold exactly once when the network returns. Its own company.

// The worker is what this file tests (the other files run without it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function receive(request: APIRequestContext, token: string, serial: string) {
  const first = async (url: string) =>
    ((await (await request.get(url, { headers: auth(token) })).json()) as { items: Array<{ id: string }> }).items[0]!;
  const res = await request.post('/api/items/receive', {
    headers: auth(token),
    data: {
      itemTypeId: (await first('/api/item-types')).id,
      locationId: (await first('/api/locations')).id,
      serials: [serial],
      salePrice: 40,
    },
  });
  expect(res.status()).toBe(201);
}

async function sellEvents(request: APIRequestContext, token: string, serial: string) {
  const item = await (await request.get(`/api/items/by-serial/${serial}`, { headers: auth(token) })).json();
  const history = await (await request.get(`/api/items/${item.id}/history`, { headers: auth(token) })).json();
  return {
    status: item.status as string,
    sold: (history.events as Array<{ kind: string }>).filter((e) => e.kind === 'sell').length,
  };
}

/** The worker controls the page and has kept what a reload needs: remotes.json and the workspace's entry. */
async function offlineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          Boolean(
            (await caches.match('/remotes.json')) &&
            (await caches.match('/remotes/workspace/remoteEntry.js')) &&
            (await caches.match('/api/environment')),
          ),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('a seller reloads the counter offline: it opens, the scan waits, and it is sold once when the network returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const company = await registerCompany(request);
  const owner = await login(request, company.userName, company.password);
  const serial = `SW-${Date.now().toString(36).toUpperCase()}`;
  await receive(request, owner.token, serial);
  const seller = await addUserWithRoles(request, owner.token, ['Rapid Seller']);

  await signInWithToken(page, seller.token, seller.user);
  await page.goto('/actions/rapid-sell');
  const scan = page.getByLabel('Scan or type a serial');
  await expect(scan).toBeFocused({ timeout: 60_000 });
  await expect(page.getByTestId('till-status')).toHaveText('Online');
  await offlineReady(page);

  await context.setOffline(true);
  await page.reload();
  await expect(scan).toBeFocused({ timeout: 30_000 });
  const status = page.getByTestId('till-status');
  await expect(status).toContainText('Offline');
  await scan.fill(serial);
  await scan.press('Enter');
  const line = page.getByTestId('till-queue').getByTestId('till-line').filter({ hasText: serial });
  await expect(line).toContainText('Waiting to sync');
  expect(await sellEvents(request, owner.token, serial)).toEqual({ status: 'in_stock', sold: 0 });

  await context.setOffline(false);
  await expect(line).toContainText(/Synced — sale #\d+/);
  await expect(status).toHaveText('Online');
  expect(await sellEvents(request, owner.token, serial)).toEqual({ status: 'sold', sold: 1 });

  // Online again, a reload sends nothing twice.
  await page.reload();
  await expect(scan).toBeFocused({ timeout: 30_000 });
  expect(await sellEvents(request, owner.token, serial)).toEqual({ status: 'sold', sold: 1 });
});

test('the worker is always checked afresh, and the shell document it keeps carries the page policy', async ({
  request,
}) => {
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  // A cached worker would keep every device on the old build until it expired.
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const shell = await request.get('/index.html', { headers: { accept: 'text/html' } });
  expect(shell.status()).toBe(200);
  expect(shell.headers()['content-security-policy']).toContain("script-src 'self'");
});
