import { expect, test, type Page } from '../support/test';
import { fillReception } from '../support/reception';
import { login, signInWithToken } from '../support/session';

// Issue 24: a shop's daily return, in Chromium against the production build — the demo company's
// owner receives an item, sells it, takes it back from its history with a reason and a refund,
// and sells it again (development mode seeds the company; password Demo1234!).

const PASSWORD = 'Demo1234!';
const serial = `RET-${Date.now().toString(36).toUpperCase()}`;

async function signIn(page: Page, request: Parameters<typeof login>[0], userName: string) {
  const { token, user } = await login(request, userName, PASSWORD);
  await signInWithToken(page, token, user);
}

async function sell(page: Page) {
  await page.goto('/actions/rapid-sell');
  const scan = page.getByLabel('Scan or type a serial');
  await expect(scan).toBeFocused();
  await page.keyboard.type(serial);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: serial })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^Sold ${serial} for \\$49\\.90 — sale #\\d+\\.$`))).toBeVisible();
}

test('a sold item is returned from its history with a reason and a refund, back in stock and sold again', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'owner');
  await page.goto('/actions/inventory-reception');
  await fillReception(page, serial);
  await page.getByLabel('Sale price').fill('49.90');
  await page.getByRole('button', { name: 'Receive 1 item' }).click();
  await expect(page.getByText('Received 1 item at Main Warehouse.')).toBeVisible();

  await sell(page);

  await page.goto(`/item-status/item-search?q=${serial}`);
  await expect(page.getByRole('heading', { name: serial })).toBeVisible();
  await page.getByRole('button', { name: 'Return', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Return ${serial}` });
  await expect(dialog.getByLabel(/Refund/)).toHaveValue('49.9');
  await dialog.getByLabel(/Reason/).fill('Left earcup crackles');
  await dialog.getByLabel(/Refund/).fill('40');
  await dialog.getByRole('combobox', { name: 'Goes back to' }).click();
  await page.getByRole('option', { name: 'In stock' }).click();
  await dialog.getByRole('button', { name: 'Return the item' }).click();
  await expect(dialog).toBeHidden();

  const timeline = page.getByRole('list', { name: 'Timeline' });
  const newest = timeline.getByRole('listitem').first();
  await expect(newest).toContainText('Returned');
  await expect(newest).toContainText('Sold → In stock');
  await expect(newest).toContainText('Reason: Left earcup crackles');
  await expect(newest).toContainText('Refunded: $40.00');
  await expect(page.getByText('In stock', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return', exact: true })).toBeHidden();

  await sell(page);
});
