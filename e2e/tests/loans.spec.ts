import { expect, test } from '../support/test';
import { login, registerCompany, signInWithToken } from '../support/session';
import { addUserWithRoles } from '../support/users';

// Check-out to a person as a shop does it: the storekeeper lends a demo phone to a colleague from
// the item's page on a phone; the till refuses to sell it before Enter. A loaner lent to a customer
// until a few seconds from now goes overdue: the alert shows in My Tasks, leads to the overdue
// loans, the storekeeper checks it in there, and the owner's till sells it again.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a loan goes overdue, shows in the alerts, is checked in and the item sells again', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  const keeper = await addUserWithRoles(page.request, token, ['Storekeeper']);
  const [itemType] = (await (await page.request.get('/api/item-types', { headers })).json()).items as { id: string }[];
  const [shop] = (await (await page.request.get('/api/locations', { headers })).json()).items as { id: string }[];
  const id = Date.now().toString(36).toUpperCase();
  const demo = `LN-${id}-D`;
  const loaner = `LN-${id}-L`;
  const received = await page.request.post('/api/items/receive', {
    headers,
    data: { itemTypeId: itemType!.id, locationId: shop!.id, serials: [demo, loaner], salePrice: 99 },
  });
  expect(received.status(), await received.text()).toBe(201);
  const customer = await page.request.post('/api/customers', { headers, data: { name: 'Grace Borrower' } });
  expect(customer.status()).toBe(201);

  // The loaner goes to the customer until a few seconds from now: the API takes any due time in the
  // future, and the loan is overdue once it has passed (no clock is moved, nothing is backdated).
  const dueAt = Date.now() + 5_000;
  const lent = await page.request.post('/api/loans', {
    headers: { Authorization: `Bearer ${keeper.token}` },
    data: {
      serial: loaner,
      customerId: ((await customer.json()) as { id: string }).id,
      dueAt: new Date(dueAt).toISOString(),
    },
  });
  expect(lent.status(), await lent.text()).toBe(201);

  const phone = await browser.newContext(PHONE);
  const keeperPage = await phone.newPage();
  await signInWithToken(keeperPage, keeper.token, keeper.user);

  // The demo phone lent to the owner from its page, due back in a week (the form's default).
  await keeperPage.goto(`/item-status/item-search?q=${demo}`);
  await keeperPage.getByRole('button', { name: 'Check out' }).click({ timeout: 60_000 });
  const dialog = keeperPage.getByRole('dialog', { name: `Check out ${demo}` });
  await dialog.getByRole('combobox', { name: /To whom/ }).fill('Ada');
  await keeperPage.getByRole('option', { name: new RegExp(`^Ada Owner`) }).click();
  await dialog.getByRole('button', { name: 'Check out' }).click();
  await expect(dialog).toHaveCount(0);
  const panel = keeperPage.getByRole('region', { name: 'Loan' });
  await expect(panel).toContainText('Lent to Ada Owner');
  await expect(keeperPage.getByRole('list', { name: 'Timeline' })).toContainText('Checked out');

  // The loaner is overdue: the alert in My Tasks leads to the overdue loans, where it is checked in.
  // Only what is left of the loan's 5 s (the check-out above took some of it).
  await keeperPage.waitForTimeout(Math.max(0, dueAt - Date.now()) + 250);
  await keeperPage.goto('/my-tasks');
  const alert = keeperPage.getByRole('region', { name: 'Needs attention' });
  await expect(alert).toContainText('1 loan overdue', { timeout: 60_000 });
  await alert.getByRole('link', { name: 'See the list' }).click();
  await expect(keeperPage).toHaveURL(/\/item-status\/loans\?view=overdue$/);
  const row = keeperPage.getByTestId('loan-row').filter({ hasText: loaner });
  await expect(row).toContainText('Lent to Grace Borrower');
  await expect(row.getByTestId('loan-overdue')).toBeVisible();
  await row.getByRole('button', { name: 'Check in' }).click();
  const checkIn = keeperPage.getByRole('dialog', { name: `Check in ${loaner}` });
  await checkIn.getByRole('textbox', { name: 'Note' }).fill('Back in its box');
  await checkIn.getByRole('button', { name: 'Check in' }).click();
  await expect(checkIn).toHaveCount(0);
  await expect(keeperPage.getByTestId('loan-row').filter({ hasText: loaner })).toHaveCount(0);
  await keeperPage.goto('/my-tasks');
  await expect(keeperPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(keeperPage.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);

  // The owner's till: the lent demo phone is refused before Enter; the checked-in loaner sells.
  await signInWithToken(page, token, user);
  await page.goto('/actions/rapid-sell');
  const scan = page.getByLabel('Scan or type a serial');
  await scan.fill(demo);
  await scan.press('Enter');
  await expect(page.getByText(`${demo} is On loan and cannot be sold.`)).toBeVisible({ timeout: 60_000 });
  await scan.fill(loaner);
  await scan.press('Enter');
  await expect(page.getByText(`${loaner} is ready: press Enter to sell it`)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`Sold ${loaner} for`))).toBeVisible();

  // Its history shows the loan: checked out to the customer, checked in.
  await page.goto(`/item-status/item-search?q=${loaner}`);
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Checked in', { timeout: 60_000 });
  await expect(timeline).toContainText('Back from Grace Borrower');
  await expect(timeline).toContainText('Lent to Grace Borrower');
});
