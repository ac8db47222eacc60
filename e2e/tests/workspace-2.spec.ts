import { expect, test, type Page } from '../support/test';
import { expectDecoded } from '../support/images';
import { addPhoto, fillReception } from '../support/reception';
import { login, signInWithToken } from '../support/session';
import { seriousA11yFindings } from '../support/axe';

// Issue 12, part 2: labels after a reception, item photos, bulk moves from the item manager and
// the item list, in Chromium against the production build, as the demo company's people.

const PASSWORD = 'Demo1234!';
const stamp = Date.now().toString(36).toUpperCase();
const serial = (n: number) => `E2L-${stamp}-${String(n).padStart(2, '0')}`;

async function signIn(page: Page, request: Parameters<typeof login>[0], userName: string) {
  const { token, user } = await login(request, userName, PASSWORD);
  await signInWithToken(page, token, user);
}

const expectLoaded = (page: Page, name: string | RegExp) => expectDecoded(page.getByRole('img', { name }).first());

test.describe.serial('workspace: labels, photos, bulk actions', () => {
  test('a New Item Operator receives three items and the label dialog shows their barcodes', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'newitem');
    await page.goto('/actions/inventory-reception');
    await fillReception(page, `${serial(1)}..${serial(3)}`);
    await page.getByRole('button', { name: 'Receive 3 items' }).click();
    // The demo company's Receive type prints labels on completion.
    const dialog = page.getByRole('dialog', { name: '3 labels' });
    await expect(dialog).toBeVisible();
    for (const n of [1, 2, 3]) await expectLoaded(page, `Barcode of ${serial(n)}`);
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
    // The printed page holds the labels alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.stockwise-label-sheet')).toBeVisible();
    await expect(page.locator('.stockwise-label-sheet .stockwise-label')).toHaveCount(3);
    await expect(page.locator('#root, body > div:not(.stockwise-label-sheet)').first()).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Received 3 items at Main Warehouse.')).toBeVisible();
  });

  test('a Storekeeper adds a photo to an item and sees it', async ({ page, request }) => {
    await signIn(page, request, 'storekeeper');
    await page.goto(`/item-status/item-search?q=${serial(1)}`);
    await expect(page.getByRole('heading', { name: serial(1) })).toBeVisible();
    await expect(page.getByText('No photos yet.')).toBeVisible();
    await addPhoto(page, 'front.png', [200, 30, 30]);
    await expectLoaded(page, `Photo 1 of ${serial(1)}`);
    // Stored on the item: a reload shows it again.
    await page.reload();
    await expectLoaded(page, `Photo 1 of ${serial(1)}`);
  });

  test('a Storekeeper ticks two items in the item manager and moves them; the history shows it', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'storekeeper');
    await page.goto(`/item-status/item-manager?q=E2L-${stamp}&sort=serial&order=asc`);
    const grid = page.getByRole('grid', { name: 'Item Manager' });
    await expect(grid.getByRole('link', { name: `Open the history of ${serial(3)}` })).toBeVisible();
    for (const n of [1, 2]) {
      await grid
        .getByRole('row')
        .filter({ hasText: serial(n) })
        .getByRole('checkbox')
        .check();
    }
    const bar = page.getByRole('region', { name: 'Selected items' });
    await expect(bar.getByText('2 items selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Move…' }).click();
    await expect(page).toHaveURL(/\/actions\/change-location$/);
    await expect(page.getByText('2 items from your selection are ready below.')).toBeVisible();
    await page.getByRole('combobox', { name: /^Destination/ }).click();
    await page.getByRole('option', { name: 'Airport Kiosk' }).click();
    await page.getByRole('button', { name: /^Move 2 items/ }).click();
    await expect(page.getByText('Moved 2 items to Airport Kiosk.')).toBeVisible();

    await page.goto(`/item-status/item-search?q=${serial(2)}`);
    const newest = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first();
    await expect(newest).toContainText('Airport Kiosk');
    await expect(newest).toContainText('by storekeeper');
  });

  test('the item list keeps its filter in the address, and axe finds nothing serious on it', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 'owner');
    await page.goto(`/reporting/item-list?q=E2L-${stamp}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Item List' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Item List' });
    await expect(grid.getByRole('link', { name: `Open the history of ${serial(3)}` })).toBeVisible();
    await page.getByRole('button', { name: 'Export all matching' }).click();
    await expect(page.getByRole('menuitem', { name: 'CSV', exact: true })).toHaveAttribute(
      'href',
      new RegExp(`^/api/items\\?format=csv&lang=en&timeZone=[^&]+&search=E2L-${stamp}$`),
    );
    await page.keyboard.press('Escape');
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yFindings(page, 'the item list')).toEqual([]);
  });

  test('on a phone the item list shows the end of each serial, where its last digits are', async ({
    page,
    request,
  }) => {
    // A serial as long as real ones are (a maker's prefix, a batch, an IMEI).
    const long = `E2L-${stamp}-WH1000XM5-BATCH-356938035643809`;
    await signIn(page, request, 'newitem');
    await page.goto('/actions/inventory-reception');
    await fillReception(page, long);
    await page.getByRole('button', { name: 'Receive 1 item' }).click();
    await page.getByRole('dialog', { name: '1 label' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Received 1 item at Main Warehouse.')).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, request, 'owner');
    await page.goto(`/reporting/item-list?q=${long}`);
    const cell = page.getByRole('link', { name: `Open the history of ${long}` });
    await expect(cell).toBeVisible();
    const seen = await cell.evaluate((link) => {
      const text = link.querySelector('bdi')!.firstChild!;
      const box = link.getBoundingClientRect();
      const range = document.createRange();
      const inView = (i: number) => {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const r = range.getBoundingClientRect();
        return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
      };
      return { cut: link.scrollWidth > link.clientWidth, first: inView(0), last: inView(text.textContent!.length - 1) };
    });
    // Narrow enough to cut the serial: its beginning gives way, the last digit stays in view.
    expect(seen).toEqual({ cut: true, first: false, last: true });
  });
});
