import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { ownCompany, signInWithToken } from '../support/session';

// Issue 24's remaining points, as a shop meets them: a European shop whose shelf prices include VAT
// says so in Company Info and its sale charges the shelf price, the tax shown as included; its
// warranty list exports for people (their words, an Excel option) like the item list.

test('prices that include tax: the sale charges the shelf price and the receipt shows the tax included; the warranty list exports for people', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { token, user, headers, made } = await ownCompany(page.request);
  const itemType = await made('/api/item-types', { name: 'Phone', warrantyMonths: 6 });
  const [location] = (await (await page.request.get('/api/locations', { headers })).json()).items as { id: string }[];
  const serial = `VAT-${Date.now().toString(36).toUpperCase()}`;
  await made('/api/items/receive', {
    itemTypeId: itemType.id,
    locationId: location!.id,
    serials: [serial],
    salePrice: 120,
  });
  await signInWithToken(page, token, user);

  await page.goto('/settings/company');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await page.getByRole('textbox', { name: 'Tax rate (%)' }).fill('20');
  await page.getByRole('checkbox', { name: /Prices include tax/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company saved.')).toBeVisible();

  await page.goto('/actions/rapid-sell');
  await expect(page.getByLabel('Scan or type a serial')).toBeFocused({ timeout: 60_000 });
  await page.keyboard.type(serial);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: serial })).toBeVisible();
  await page.getByRole('button', { name: 'Sell (Enter)' }).click();
  // The shelf price is what the customer pays: €120.00, of which 20 % VAT is €20.00.
  await expect(page.getByText(new RegExp(`^Sold ${serial} for €120\\.00 — sale #\\d+\\.$`))).toBeVisible();
  await page.getByRole('link', { name: /^Receipt of sale #\d+$/ }).click();
  await expect(page.getByTestId('receipt-net')).toHaveText('Net: €100.00');
  await expect(page.getByTestId('receipt-tax')).toHaveText('Tax included (20 %): €20.00');
  await expect(page.getByTestId('receipt-total')).toHaveText('Total: €120.00');

  // Its warranty ends in about half a year: inside the list's year-long window.
  await page.goto('/reporting/warranty-list?within=365');
  await expect(
    page
      .getByRole('link', { name: new RegExp(serial) })
      .or(page.getByText(serial))
      .first(),
  ).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV', exact: true }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.slice(1).split('\r\n')[0]).toMatch(/^Serial,Item type,Brand,Model,Status,Customer/);
  expect(csv).toContain(`${serial},Phone,,,Sold`);
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    })(),
  ]);
  expect(sheet.suggestedFilename()).toMatch(/^warranty-list-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
