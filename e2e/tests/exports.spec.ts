import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { login, signInWithToken } from '../support/session';

// The Item List's export menu as the demo company's owner uses it (development mode seeds the demo
// company; Demo1234!): a CSV and an Excel file for people, in the browser's time zone.

const PASSWORD = 'Demo1234!';
test.use({ timezoneId: 'Asia/Kolkata' });

async function download(page: Page, choice: string) {
  await page.getByRole('button', { name: 'Export all matching' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: choice, exact: true }).click(),
  ]);
  return file;
}

test('the Item List downloads a people’s CSV and an Excel file of every matching item', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { token, user } = await login(request, 'owner', PASSWORD);
  await signInWithToken(page, token, user);
  await page.goto('/reporting/item-list');
  // The first visit loads the workspace remote: slow on a busy machine.
  await expect(page.getByRole('grid', { name: 'Item List' })).toBeVisible({ timeout: 60_000 });

  const csvFile = await download(page, 'CSV');
  expect(csvFile.suggestedFilename()).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await csvFile.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, first] = csv.slice(1).split('\r\n');
  const columns = header!.split(',');
  expect(columns.slice(0, 7)).toEqual(['Serial', 'SKU', 'Item type', 'Brand', 'Model', 'Location', 'Status']);
  expect(columns).toContain('Cost');
  // Names and words, not ids and keys.
  expect(csv).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
  expect(csv).not.toMatch(/,in_stock,|,sold,/);
  // The first row's reception time is Kolkata's clock (UTC+05:30), the browser's zone.
  const cells = first!.split(',');
  const serial = cells[0]!;
  const item = await (
    await request.get(`/api/items/by-serial/${encodeURIComponent(serial)}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  const kolkata = new Date(Date.parse(item.receivedAt) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  expect(cells).toContain(kolkata);

  const xlsxFile = await download(page, 'Excel (.xlsx)');
  expect(xlsxFile.suggestedFilename()).toMatch(/^items-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const xlsx = readFileSync(await xlsxFile.path());
  // A zip (an .xlsx is one) holding a workbook.
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(xlsx.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
});
