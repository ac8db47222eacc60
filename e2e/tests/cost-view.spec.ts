import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { login, signInWithToken } from '../support/session';

// Cost is the items.cost.view claim's data (the Company Owner's, the Admin's by default): a Rapid
// Seller who exports the item list from the browser gets a file without the cost column — the API
// leaves it out, not the browser. On the demo company (development mode seeds it; Demo1234!).

const PASSWORD = 'Demo1234!';

async function signIn(page: Page, request: APIRequestContext, userName: string) {
  const { token, user } = await login(request, userName, PASSWORD);
  await signInWithToken(page, token, user);
}

/** Exports every matching item from the Item List screen and answers the file's header and rows. */
async function exportItemList(page: Page): Promise<{ header: string[]; rows: string[] }> {
  await page.goto('/reporting/item-list');
  // The first visit loads the workspace remote: slow on a busy machine.
  await expect(page.getByRole('grid', { name: 'Item List' })).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'Export all matching' })
      .click()
      .then(() => page.getByRole('menuitem', { name: 'CSV', exact: true }).click()),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = csv.slice(1).trim().split(/\r\n/);
  return { header: header!.split(','), rows };
}

test('a Rapid Seller’s item export has no cost column; the owner’s has it', async ({ page, request }) => {
  test.setTimeout(240_000);
  await signIn(page, request, 'rapidseller');
  const seller = await exportItemList(page);
  expect(seller.rows.length).toBeGreaterThan(0);
  expect(seller.header).toEqual(expect.arrayContaining(['Serial', 'Sale price']));
  expect(seller.header).not.toContain('Cost');

  await signIn(page, request, 'owner');
  const owner = await exportItemList(page);
  expect(owner.rows).toHaveLength(seller.rows.length);
  expect(owner.header).toContain('Cost');
});
