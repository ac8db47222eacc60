import { expect, test } from '../support/test';
import { outbox } from '../support/mail';
import { login, registerCompany, signInWithToken } from '../support/session';

// A purchase order as a shop uses it: the owner writes it on the desktop (a vendor with an email, a
// model with its cost), sends it — the vendor gets it as a PDF — then it is received in two parts on
// a phone, picking the order at reception: the first part leaves one due, one too many is refused
// with what is still due, and the rest makes it received. The items name the order.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a purchase order received in two parts', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  const id = Date.now().toString(36).toUpperCase();
  const vendorEmail = `parts-${id.toLowerCase()}@example.com`;
  const vendor = await page.request.post('/api/customers', {
    headers,
    data: { name: 'Parts Ltd', isVendor: true, email: vendorEmail },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const [itemType] = (await (await page.request.get('/api/item-types', { headers })).json()).items as { id: string }[];
  const model = await page.request.post('/api/product-models', {
    headers,
    data: { name: 'Case S', itemTypeId: itemType!.id, cost: 4.5 },
  });
  expect(model.status(), await model.text()).toBe(201);

  // The owner writes the order: Parts Ltd, three Case S at the model's cost.
  await signInWithToken(page, token, user);
  await page.goto('/actions/purchase-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Orders' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New purchase order' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Vendor' }).fill('Parts');
  await page.getByRole('option', { name: 'Parts Ltd' }).click();
  await page.getByRole('combobox', { name: /^Model/ }).click();
  await page.getByRole('option', { name: 'Case S' }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await expect(page.getByTestId('po-total')).toContainText('13.50');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase order PO-0001' })).toBeVisible();
  const orderUrl = page.url();

  // Sent: the vendor's mail carries the order as a PDF.
  await page.getByRole('button', { name: 'Send to the vendor' }).click();
  await expect(page.getByTestId('po-status')).toHaveText('Sent');
  await expect(page.getByText(`Sent to ${vendorEmail}`)).toBeVisible();
  await expect(async () => {
    const [mail] = await outbox(page.request, vendorEmail);
    expect(mail?.subject).toBe(`${owner.companyName}: purchase order PO-0001`);
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ filename: 'PO-0001.pdf', contentType: 'application/pdf' }),
    ]);
  }).toPass({ timeout: 15_000 });

  // On a phone, at reception: the open order, its line; two of three received.
  const phone = await browser.newContext(PHONE);
  const till = await phone.newPage();
  await signInWithToken(till, token, user);
  await till.goto(orderUrl);
  await till.getByTestId('po-receive').click();
  await expect(till.getByRole('heading', { level: 1, name: 'Add Item' })).toBeVisible({ timeout: 60_000 });
  await till.getByRole('combobox', { name: /^What is being received/ }).click();
  await till.getByRole('option', { name: 'Case S — 3 of 3 still due' }).click();
  await till.getByRole('textbox', { name: 'Serials' }).fill(`PO-${id}-1\nPO-${id}-2`);
  await till.getByRole('button', { name: 'Receive 2 items' }).click();
  // The Receive type prints labels by default: its dialog opens first.
  await till.getByRole('dialog', { name: '2 labels' }).getByRole('button', { name: 'Close' }).click();
  await expect(till.getByText('Received 2 items against PO-0001.')).toBeVisible();
  await expect(till.getByTestId('po-line-due')).toHaveText('1');

  // Two more than the one still due: refused, with what is due; nothing received.
  await till.getByRole('combobox', { name: /^What is being received/ }).click();
  await till.getByRole('option', { name: 'Case S — 1 of 3 still due' }).click();
  await till.getByRole('textbox', { name: 'Serials' }).fill(`PO-${id}-3\nPO-${id}-4`);
  await till.getByRole('button', { name: 'Receive 2 items' }).click();
  await expect(
    till.getByText(
      'PO-0001 has 1 of Case S still due: 2 scanned is more than ordered. Remove 1 or receive them without the order.',
    ),
  ).toBeVisible();
  // The rest.
  await till.getByRole('textbox', { name: 'Serials' }).fill(`PO-${id}-3`);
  await till.getByRole('button', { name: 'Receive 1 item' }).click();
  await till.getByRole('dialog', { name: '1 label' }).getByRole('button', { name: 'Close' }).click();
  await expect(till.getByText('Received 1 item against PO-0001.')).toBeVisible();
  await expect(till.getByTestId('po-line-due')).toHaveText('0');

  // The order is received; its items carry the order's cost and their history names it.
  await page.goto('/actions/purchase-orders');
  const row = page.getByTestId('po-row').filter({ hasText: 'PO-0001' });
  await expect(row.getByTestId('po-status')).toHaveText('Received', { timeout: 30_000 });
  await expect(row).toContainText('3 of 3 received');
  const item = await (await page.request.get(`/api/items/by-serial/PO-${id}-1`, { headers })).json();
  expect(item).toMatchObject({ model: 'Case S', cost: 4.5 });
  const history = await (await page.request.get(`/api/items/${item.id}/history`, { headers })).json();
  expect(history.events[0]).toMatchObject({ kind: 'receive', purchaseOrderNumber: 1, note: 'PO-0001' });
  expect((await page.request.get(`/api/items/by-serial/PO-${id}-4`, { headers })).status()).toBe(404);
});
