import { expect, test, type Page } from '../support/test';
import { login, registerCompany, signInWithToken } from '../support/session';
import { addUserWithRoles } from '../support/users';

// The browser asks the server what a user may do: when the owner edits a role's permissions, the
// holder's drawer and screens follow on their next navigation — no sign-out, no reload.

async function signInAsNewOwner(page: Page) {
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);
  return token;
}

/** The owner, on Settings → Roles, sets one permission of a built-in role. */
async function setPermission(page: Page, role: string, permission: string, on: boolean) {
  await page.goto('/settings/roles');
  await page.getByRole('button', { name: `Permissions of ${role}` }).click();
  const dialog = page.getByRole('dialog', { name: `Permissions of ${role}` });
  const box = dialog.getByRole('checkbox', { name: permission });
  await expect(box).toBeChecked({ checked: !on });
  await box.setChecked(on);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Permissions saved.')).toBeVisible();
}

/** A navigation inside the running page (what a link does): the session and the page stay. */
async function navigateInPage(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test('selling taken from the Rapid Seller role: their drawer drops Rapid Sell and /actions/rapid-sell says it is not theirs', async ({
  page,
  browser,
}) => {
  const ownerToken = await signInAsNewOwner(page);
  const seller = await addUserWithRoles(page.request, ownerToken, ['Rapid Seller']);

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInWithToken(theirs, seller.token, seller.user);
  await theirs.goto('/actions/rapid-sell');
  const menu = theirs.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Rapid Sell' })).toBeVisible();
  await expect(theirs.getByLabel('Scan or type a serial')).toBeVisible();

  await setPermission(page, 'Rapid Seller', 'Sell items', false);

  // The seller moves on in the same page: the drawer no longer offers selling…
  await menu.getByRole('link', { name: 'My Tasks' }).click();
  await expect(theirs).toHaveURL(/\/my-tasks$/);
  await expect(menu.getByRole('link', { name: 'Rapid Sell' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Multi-Sale' })).toHaveCount(0);
  // …and the address of the sale screen says so, with the way back — no form that fails on submit.
  await navigateInPage(theirs, '/actions/rapid-sell');
  await expect(theirs.getByRole('heading', { level: 1, name: 'Rapid Sell' })).toBeVisible();
  await expect(theirs.getByText('You do not have access to this screen')).toBeVisible();
  await expect(theirs.getByTestId('screen-refused').getByRole('link', { name: 'Go to the start page' })).toBeVisible();
  await expect(theirs.getByLabel('Scan or type a serial')).toHaveCount(0);
  // Still signed in: the session was never touched.
  await expect(menu.getByRole('link', { name: 'My Tasks' })).toBeVisible();
  await context.close();
});

test('reports given to the Account Manager role: their drawer shows Reporting and its screens open', async ({
  page,
  browser,
}) => {
  const ownerToken = await signInAsNewOwner(page);
  const manager = await addUserWithRoles(page.request, ownerToken, ['Account Manager']);

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInWithToken(theirs, manager.token, manager.user);
  await theirs.goto('/customers/list');
  const menu = theirs.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Vendors/Customers' })).toBeVisible();
  await expect(menu.getByRole('group', { name: 'Reporting' })).toHaveCount(0);

  await setPermission(page, 'Account Manager', 'See reports', true);

  await menu.getByRole('link', { name: 'My Tasks' }).click();
  await expect(theirs).toHaveURL(/\/my-tasks$/);
  const reporting = menu.getByRole('group', { name: 'Reporting' });
  await expect(reporting).toBeVisible();
  await expect(reporting.getByRole('link')).toHaveText([
    'Item List',
    'Item Inventory',
    'Warranty List',
    'To Reorder',
    'Item History',
  ]);
  await reporting.getByRole('link', { name: 'Item Inventory' }).click();
  await expect(theirs).toHaveURL(/\/reporting\/item-inventory$/);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Item Inventory' })).toBeVisible();
  await expect(theirs.getByText('You do not have access to this screen')).toHaveCount(0);
  await context.close();
});
