import { expect, test } from '../support/test';
import { ownCompany, signInWithToken } from '../support/session';

// Sales a shop can hand over: a new company sets its currency, tax rate, address and tax number in
// Company Info, sells an item with a discount on Rapid Sell, and opens the sale's receipt — the
// company's details, the item's model, the totals in euros — and its PDF.

test('a receipt with currency and company details', async ({ page }) => {
  test.setTimeout(180_000);
  const { owner, token, user, headers, made } = await ownCompany(page.request);
  const itemType = await made('/api/item-types', { name: 'Phone' });
  const brand = await made('/api/brands', { name: 'Acme' });
  // The Main store a new company starts with: a Free plan's one location.
  const [location] = (await (await page.request.get('/api/locations', { headers })).json()).items as { id: string }[];
  const serial = `RCP-${Date.now().toString(36).toUpperCase()}`;
  await made('/api/items/receive', {
    itemTypeId: itemType.id,
    brandId: brand.id,
    model: 'Pocket X1',
    locationId: location!.id,
    serials: [serial],
    salePrice: 100,
  });
  await signInWithToken(page, token, user);

  await page.goto('/settings/company');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await page.getByRole('textbox', { name: 'Tax rate (%)' }).fill('18');
  await page.getByRole('textbox', { name: 'Address' }).fill('1 Harbour Street, Izmir');
  await page.getByRole('textbox', { name: 'Tax number' }).fill('TR-9876543210');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company saved.')).toBeVisible();

  await page.goto('/actions/rapid-sell');
  // The workspace remote's first load, on a machine shared with other suites, can take a while.
  await expect(page.getByLabel('Scan or type a serial')).toBeFocused({ timeout: 60_000 });
  await page.keyboard.type(serial);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: serial })).toBeVisible();
  await page.getByLabel('Discount').fill('10');
  await page.getByRole('button', { name: 'Sell (Enter)' }).click();
  // 100 − 10 = 90 net, 18 % tax = 16.20: 106.20 paid.
  await expect(page.getByText(new RegExp(`^Sold ${serial} for €106\\.20 — sale #\\d+\\.$`))).toBeVisible();

  await page.getByRole('link', { name: /^Receipt of sale #\d+$/ }).click();
  await expect(page).toHaveURL(/\/actions\/receipt\?sale=/);
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(owner.companyName);
  await expect(receipt).toContainText('1 Harbour Street, Izmir');
  await expect(receipt).toContainText('Tax number: TR-9876543210');
  await expect(receipt.getByRole('row', { name: new RegExp(serial) })).toContainText('Phone · Acme Pocket X1');
  await expect(receipt.getByRole('row', { name: new RegExp(serial) })).toContainText('−€10.00');
  await expect(page.getByTestId('receipt-net')).toHaveText('Net: €90.00');
  await expect(page.getByTestId('receipt-tax')).toHaveText('Tax (18 %): €16.20');
  await expect(page.getByTestId('receipt-total')).toHaveText('Total: €106.20');

  const pdf = page.waitForResponse((r) => r.url().includes('/receipt.pdf'));
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const bytes = await answer.body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
});
