import { expect, test, type Page } from '../support/test';
import { fillReception } from '../support/reception';
import { login, signInWithToken } from '../support/session';
import { openInApp, watchRequests } from '../support/settled';

// A warranty claim through to closed, in Chromium against the production build: the demo company's
// owner receives headphones from a supplier (six months' warranty), sells them, and when they come
// back faulty opens a claim from the item's history, sends it to the supplier, records the repair,
// closes it, and finds it in the Warranty List by its state (development mode seeds the company).

const PASSWORD = 'Demo1234!';
const serial = `WAR-${Date.now().toString(36).toUpperCase()}`;

async function signIn(page: Page, request: Parameters<typeof login>[0], userName: string) {
  const { token, user } = await login(request, userName, PASSWORD);
  await signInWithToken(page, token, user);
}

/** One step of the claim from its panel: the step's button, an optional note, confirmed in its dialog. */
async function step(page: Page, action: string, note?: string) {
  await page.getByRole('region', { name: 'Warranty claim' }).getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: `${action} — ${serial}` });
  if (note) await dialog.getByLabel(/Note/).fill(note);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test('a warranty claim through to closed', async ({ page, request }) => {
  // Five screens and four dialogs, each waiting on the API: more than one page's time on a busy machine.
  test.slow();
  await signIn(page, request, 'owner');
  // The app is loaded once; each later screen opens inside it, as the drawer's links do (a page
  // load costs the browser about a CPU second: docs/benchmarks.md, "CI time").
  const requests = watchRequests(page);
  await page.goto('/actions/inventory-reception');
  await fillReception(page, serial);
  await page.getByLabel('Sale price').fill('49.90');
  await page.getByRole('combobox', { name: /^Vendor/ }).fill('TechDistri');
  await page.getByRole('option', { name: 'TechDistri GmbH' }).click();
  await page.getByRole('button', { name: 'Receive 1 item' }).click();
  await expect(page.getByText('Received 1 item at Main Warehouse.')).toBeVisible();

  await openInApp(page, requests, '/actions/rapid-sell');
  await expect(page.getByLabel('Scan or type a serial')).toBeFocused();
  await page.keyboard.type(serial);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: serial })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^Sold ${serial} for \\$49\\.90 — sale #\\d+\\.$`))).toBeVisible();

  await openInApp(page, requests, `/item-status/item-search?q=${serial}`);
  await expect(page.getByRole('heading', { name: serial })).toBeVisible();
  await page.getByRole('button', { name: 'Open warranty claim' }).click();
  const opening = page.getByRole('dialog', { name: `Warranty claim for ${serial}` });
  await expect(opening).toContainText('Supplier: TechDistri GmbH.');
  await opening.getByLabel(/What is wrong/).fill('Left earcup is silent');
  await opening.getByRole('button', { name: 'Open the claim' }).click();
  await expect(opening).toBeHidden();

  const claim = page.getByRole('region', { name: 'Warranty claim' });
  await expect(claim).toContainText('Fault: Left earcup is silent');
  await expect(claim).toContainText('Supplier TechDistri GmbH');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const newest = timeline.getByRole('listitem').first();
  await expect(newest).toContainText('Warranty claim');
  await expect(newest).toContainText('Note: Left earcup is silent');

  await step(page, 'Sent to supplier', 'Courier ref 42');
  await expect(newest).toContainText('Sent to supplier');
  await expect(newest).toContainText('Sold → In process');
  await expect(newest).toContainText('Note: Courier ref 42');

  await step(page, 'Repaired', 'Driver replaced');
  await expect(newest).toContainText('Repaired');
  await step(page, 'Close claim');
  await expect(newest).toContainText('Closed');
  await expect(newest).toContainText('In process → Sold');
  await expect(newest).toContainText(/by owner/);
  // Closed: the warranty still runs, so a new claim may be opened.
  await expect(page.getByRole('button', { name: 'Open warranty claim' })).toBeVisible();

  await openInApp(page, requests, '/reporting/warranty-list?claim=closed');
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('Closed · Repaired');
});
