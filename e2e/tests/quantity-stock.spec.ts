import { expect, test } from '../support/test';
import { login, registerCompany, signInWithToken } from '../support/session';

// Consumables as a shop keeps them: the owner marks the USB-C cable model "Tracked by quantity",
// receives 200 at the shop, sells 3 at Rapid Sell by scanning the cable's barcode twice and
// editing the quantity, 2 more in a Multi-Sale cart, moves 20 to the back room and counts the shelf. Each step shows on the
// model's stock page, and its history lists them.

const PREMIUM_PLAN_ID = '00000000-0000-4000-8000-000000000002';

test('mark a model quantity-tracked, receive 200, sell 3 by scanning its barcode, move 20, count', async ({ page }) => {
  test.setTimeout(240_000);
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  // A second location is Premium's: paid on the embedded checkout with Stripe's test card.
  const checkout = await page.request.post('/api/billing/checkout', {
    headers,
    data: { kind: 'plan', planId: PREMIUM_PLAN_ID, interval: 'month', idempotencyKey: `quantity-${Date.now()}` },
  });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const paid = await page.request.post(`/api/billing/checkout/${checkoutId}/pay`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Olga Owner' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const back = await page.request.post('/api/locations', { headers, data: { name: 'Back room' } });
  expect(back.status(), await back.text()).toBe(201);
  const [itemType] = (await (await page.request.get('/api/item-types', { headers })).json()).items as { id: string }[];
  const barcode = `869${Date.now()}`;
  const name = `USB-C cable ${Date.now().toString(36)}`;
  const made = await page.request.post('/api/product-models', {
    headers,
    data: { name, itemTypeId: itemType!.id, salePrice: 9.5, barcode },
  });
  expect(made.status(), await made.text()).toBe(201);
  const model = (await made.json()) as { id: string };

  await signInWithToken(page, token, user);

  // Settings → Product Models: the model is marked tracked by quantity.
  await page.goto('/settings/product-models');
  await page.getByRole('button', { name: `Edit ${name}` }).click({ timeout: 60_000 });
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Tracked by quantity').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);

  // Actions → Quantity Stock: 200 received at the shop.
  await page.goto(`/actions/quantity-stock?model=${model.id}`);
  const onHand = page.getByTestId('quantity-locations');
  await page.getByRole('button', { name: 'Receive', exact: true }).click({ timeout: 60_000 });
  const receive = page.getByRole('dialog', { name: `Receive ${name}` });
  await receive.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Main store' }).click();
  await receive.getByRole('textbox', { name: 'Quantity' }).fill('200');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive).toHaveCount(0);
  await expect(onHand.getByRole('listitem').filter({ hasText: 'Main store' })).toContainText('On hand: 200');

  // Rapid Sell: the barcode scanned twice is 2 on the line; the quantity edited to 3; sold.
  await page.goto('/actions/rapid-sell');
  const scan = page.getByTestId('scan');
  for (let n = 0; n < 2; n++) {
    await scan.fill(barcode);
    await scan.press('Enter');
    await expect(page.getByText(`${n + 1} × ${name}: scan again`)).toBeVisible({ timeout: 30_000 });
  }
  const line = page.getByTestId('quantity-line');
  await expect(line.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  await line.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await line.getByRole('button', { name: 'Sell (Enter)' }).click();
  await expect(page.getByText(`Sold 3 × ${name} for`)).toContainText('28.50');

  // Multi-Sale: the barcode scanned twice is one cart line of 2; Enter in the empty scan field sells the cart.
  await page.goto('/actions/multi-sale');
  const cartScan = page.getByLabel('Scan or type a serial');
  for (let n = 0; n < 2; n++) {
    await cartScan.fill(barcode);
    await cartScan.press('Enter');
    await expect(page.getByText(`${n + 1} × ${name} in the cart.`)).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByTestId('cart-total')).toContainText('19.00');
  await cartScan.press('Enter');
  await expect(page.getByRole('region', { name: /Receipt — sale #/ })).toContainText('2 × ', { timeout: 30_000 });

  // Back on the stock page: 195 at the shop; 20 moved to the back room; the shelf counted at 173.
  await page.goto(`/actions/quantity-stock?model=${model.id}`);
  await expect(onHand).toContainText('On hand: 195', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const move = page.getByRole('dialog', { name: `Move ${name}` });
  await expect(move.getByRole('combobox', { name: 'From' })).toHaveText('Main store');
  await move.getByRole('combobox', { name: 'To' }).click();
  await page.getByRole('option', { name: 'Back room' }).click();
  await move.getByRole('textbox', { name: 'Quantity' }).fill('20');
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toHaveCount(0);
  await expect(onHand.getByRole('listitem').filter({ hasText: 'Back room' })).toContainText('On hand: 20');
  await expect(onHand).toContainText('On hand: 175');

  await page.getByRole('button', { name: 'Count', exact: true }).click();
  const count = page.getByRole('dialog', { name: `Count ${name}` });
  await count.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: 'Main store' }).click();
  await count.getByRole('textbox', { name: 'Counted' }).fill('173');
  await count.getByRole('textbox', { name: 'Reason' }).fill('Shelf count');
  await count.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(count).toHaveCount(0);
  await expect(onHand.getByRole('listitem').filter({ hasText: 'Main store' })).toContainText('On hand: 173');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Counted -2');
  await expect(history).toContainText('Shelf count');
  await expect(history).toContainText('Sold -3');
  await expect(history).toContainText('Sold -2');
  await expect(history).toContainText('Received +200');

  // A purchase order for 12 of the cable: at reception its line asks how many came in, not serials.
  const vendor = await page.request.post('/api/customers', {
    headers,
    data: { name: 'Cable Supplies', isVendor: true, email: `cables-${Date.now()}@example.com` },
  });
  expect(vendor.status(), await vendor.text()).toBe(201);
  const order = await page.request.post('/api/purchase-orders', {
    headers,
    data: {
      vendorId: ((await vendor.json()) as { id: string }).id,
      lines: [{ modelId: model.id, quantity: 12, unitCost: 2 }],
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { id: orderId, reference } = (await order.json()) as { id: string; reference: string };
  expect((await page.request.post(`/api/purchase-orders/${orderId}/send`, { headers, data: {} })).status()).toBe(200);
  await page.goto(`/actions/inventory-reception?order=${orderId}`);
  await page.getByRole('combobox', { name: /^What is being received/ }).click({ timeout: 60_000 });
  await page.getByRole('option', { name: `${name} — 12 of 12 still due` }).click();
  await expect(page.getByRole('textbox', { name: 'Serials' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /^Quantity received/ })).toHaveValue('12');
  await page.getByRole('combobox', { name: /^Location/ }).click();
  await page.getByRole('option', { name: 'Main store' }).click();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(page.getByText(`Received 12 × ${name} at Main store against ${reference}.`)).toBeVisible();
  await page.goto(`/actions/quantity-stock?model=${model.id}`);
  await expect(onHand.getByRole('listitem').filter({ hasText: 'Main store' })).toContainText('On hand: 185', {
    timeout: 60_000,
  });
  await expect(history).toContainText(`against ${reference}`);
});
