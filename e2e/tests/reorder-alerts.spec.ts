import { expect, test } from '../support/test';
import { outbox } from '../support/mail';
import { login, registerCompany, signInWithToken } from '../support/session';
import { addUserWithRoles } from '../support/users';

// Product models and reorder points as a shop uses them: the owner adds a model to the catalogue
// with a reorder point (settings, desktop), stock of it is received and one is sold; the storekeeper
// sees the alert in My Tasks on a phone and follows it to the To Reorder report, the owner sees it
// on the dashboard, and the day's digest mails it to both (read from the development outbox).

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a model falls below its reorder point and the alert appears and is mailed', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  const keeper = await addUserWithRoles(page.request, token, ['Storekeeper']);
  const keeperEmail = (keeper.user as { email: string }).email;

  // The owner adds the model in Settings → Product Models, with a reorder point of 3.
  await signInWithToken(page, token, user);
  await page.goto('/settings/product-models');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Models' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Add model' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add model' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Case S');
  await dialog.getByRole('combobox', { name: /Item type/ }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await dialog.getByRole('textbox', { name: 'Sale price' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Reorder point' }).fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('gridcell', { name: 'Case S', exact: true })).toBeVisible();

  // Three of it received (reception from the model), one sold: two left, one short of the point.
  const models = await (await page.request.get('/api/product-models?search=Case%20S', { headers })).json();
  const modelId = (models.items as Array<{ id: string }>)[0]!.id;
  const [itemType] = (await (await page.request.get('/api/item-types', { headers })).json()).items as { id: string }[];
  const [shop] = (await (await page.request.get('/api/locations', { headers })).json()).items as { id: string }[];
  const id = Date.now().toString(36).toUpperCase();
  const received = await page.request.post('/api/items/receive', {
    headers,
    data: { itemTypeId: itemType!.id, locationId: shop!.id, modelId, serials: [1, 2, 3].map((n) => `RO-${id}-${n}`) },
  });
  expect(received.status(), await received.text()).toBe(201);
  const items = (await received.json()).items as Array<{ id: string; model: string; salePrice: number }>;
  expect(items[0]).toMatchObject({ model: 'Case S', salePrice: 10 });
  const sold = await page.request.post('/api/sales', {
    headers,
    data: { lines: [{ itemId: items[0]!.id, price: 10 }] },
  });
  expect(sold.status(), await sold.text()).toBe(201);

  // The storekeeper, on a phone: the alert in My Tasks, then the report saying what to buy.
  const phone = await browser.newContext(PHONE);
  const keeperPage = await phone.newPage();
  await signInWithToken(keeperPage, keeper.token, keeper.user);
  await keeperPage.goto('/my-tasks');
  const alert = keeperPage.getByRole('region', { name: 'Needs attention' });
  await expect(alert).toContainText('1 model below its reorder point', { timeout: 60_000 });
  await alert.getByRole('link', { name: 'See the list' }).click();
  await expect(keeperPage).toHaveURL(/\/reporting\/to-reorder$/);
  await expect(keeperPage.getByRole('heading', { level: 1, name: 'To Reorder' })).toBeVisible();
  const row = keeperPage.getByRole('row').filter({ hasText: 'Case S' });
  await expect(row).toContainText('All locations');
  await expect(row.getByRole('gridcell')).toContainText(['Case S', 'General', 'All locations', '3', '2', '1']);

  // The owner, on the desktop dashboard.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText('1 model below its reorder point', {
    timeout: 60_000,
  });

  // The day's digest (the daily run, started now in development), read from the outbox.
  const run = await page.request.post('/api/dev/alert-digest');
  expect(run.status()).toBe(200);
  await expect(async () => {
    const [mail] = (await outbox(page.request, keeperEmail)).filter((m) => /stock alert/.test(m.subject));
    expect(mail?.subject).toContain(owner.companyName);
    expect(mail?.text).toContain('Case S (General) — 2 in stock, reorder point 3: 1 short');
    expect(mail?.text).toMatch(/\/reporting\/to-reorder/);
  }).toPass({ timeout: 15_000 });
  expect((await outbox(page.request, owner.email)).filter((m) => /stock alert/.test(m.subject))).toHaveLength(1);
  // Once a day: a second run sends nothing more.
  await page.request.post('/api/dev/alert-digest');
  expect((await outbox(page.request, keeperEmail)).filter((m) => /stock alert/.test(m.subject))).toHaveLength(1);
});
