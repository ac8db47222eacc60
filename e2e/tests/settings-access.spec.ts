import { expect, test, type Page } from '../support/test';
import { mailedLink, pathOf, verifyEmail } from '../support/mail';
import { acceptOnScreen, inviteOnScreen } from '../support/invitations';
import { ACCOUNT_LINKS, menuLinks, PURCHASING_LINKS, REPORTING_LINKS, STOCKTAKE_LINKS } from '../support/menu';
import { login, registerCompany, signInOnScreen, signInWithToken } from '../support/session';

// Issue 13: users and access as a Company Owner works them — invite a user from the settings
// screen who accepts from the mailed link and lands with the invited roles; restrict a
// transaction type in the access matrix and see its user refused by the API and the workspace.

async function signInAsNewOwner(page: Page) {
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);
  return { owner, token };
}

const PASSWORD = 'correct horse battery';
const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('invite and accept: the owner invites from User Invitations; the invitee registers from the mailed link and lands with the role', async ({
  page,
  browser,
}) => {
  const { owner } = await signInAsNewOwner(page);
  const id = uid();
  const email = `kim_${id}@example.com`;

  await inviteOnScreen(page, email, ['Storekeeper']);
  await expect(page.getByRole('gridcell', { name: email, exact: true })).toBeVisible();

  // The invitee, in a browser of their own, opens the link from the mail.
  const link = await mailedLink(page.request, email, '/register');
  const invitee = await browser.newContext();
  const theirs = await invitee.newPage();
  await theirs.goto(pathOf(link));
  await expect(theirs.getByText(`Join ${owner.companyName} on Stockwise`)).toBeVisible();
  await expect(theirs.getByText('You were invited as Storekeeper.')).toBeVisible();
  await acceptOnScreen(theirs, {
    email,
    firstName: 'Kim',
    lastName: 'Keeper',
    userName: `kim_${id}`,
    password: PASSWORD,
  });
  await expect(theirs.getByText('Check your email')).toBeVisible();
  await verifyEmail(theirs.request, email);

  await signInOnScreen(theirs, `kim_${id}`, PASSWORD);
  // A Storekeeper's home; the inviting company; no settings in the menu (spec §6).
  await expect(theirs).toHaveURL(/\/my-tasks$/);
  await expect(theirs.getByTestId('sidebar-company-name')).toHaveText(owner.companyName);
  await expect(theirs.getByRole('navigation').getByText('Settings', { exact: true })).toHaveCount(0);
  await invitee.close();

  // The owner sees the invitation accepted and the new user with the role.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) }).getByText('Accepted')).toBeVisible();
  await page.goto('/settings/users');
  await expect(page.getByRole('row', { name: /Kim Keeper/ }).getByText('Storekeeper')).toBeVisible();
});

test('access matrix: a transaction type taken from a role is refused to its user — by the API and on the workspace screen', async ({
  page,
  browser,
}) => {
  const { token } = await signInAsNewOwner(page);
  const auth = { Authorization: `Bearer ${token}` };
  const id = uid();
  // A Storekeeper, invited and accepted through the API.
  const email = `sam_${id}@example.com`;
  const invited = await page.request.post('/api/invitations', {
    headers: auth,
    data: { email, roles: ['Storekeeper'] },
  });
  expect(invited.status()).toBe(201);
  const accepted = await page.request.post('/api/auth/register-with-invitation', {
    data: {
      invitationId: ((await invited.json()) as { id: string }).id,
      userName: `sam_${id}`,
      email,
      firstName: 'Sam',
      lastName: 'Store',
      password: 'correct horse battery',
    },
  });
  expect(accepted.status()).toBe(200);
  await verifyEmail(page.request, email);
  // An item to work on.
  const itemType = (await (
    await page.request.post('/api/item-types', { headers: auth, data: { name: 'Phone' } })
  ).json()) as { id: string };
  // The company's own location (the Free plan's one).
  const [location] = (
    (await (await page.request.get('/api/locations', { headers: auth })).json()) as { items: { id: string }[] }
  ).items;
  const serial = `SW-${id}`.toUpperCase();
  const received = await page.request.post('/api/items/receive', {
    headers: auth,
    data: { itemTypeId: itemType.id, locationId: location!.id, serials: [serial] },
  });
  expect(received.status()).toBe(201);

  // The owner takes "Change status" from the Storekeeper in the matrix, in one save.
  await page.goto('/settings/role-claims');
  const box = page.getByRole('checkbox', { name: 'Storekeeper may run Change status' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole('button', { name: 'Save access' }).click();
  await expect(page.getByRole('button', { name: 'Save access' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Storekeeper may run Change status' })).not.toBeChecked();

  // The Storekeeper: the API refuses the type…
  const sam = await login(page.request, `sam_${id}`, 'correct horse battery');
  const types = (await (
    await page.request.get('/api/transaction-types', { headers: { Authorization: `Bearer ${sam.token}` } })
  ).json()) as { items: Array<{ id: string; name: string }> };
  const changeStatus = types.items.find((t) => t.name === 'Change status')!;
  const refused = await page.request.post('/api/transactions', {
    headers: { Authorization: `Bearer ${sam.token}` },
    data: { transactionTypeId: changeStatus.id, serials: [serial], toStatus: 'defective', note: 'cracked' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('None of your roles may run Change status.');

  // …and the workspace screen does not offer it; the item keeps its status.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInWithToken(theirs, sam.token, sam.user);
  await theirs.goto('/item-status/status-change');
  await expect(theirs.getByRole('heading', { level: 1, name: 'Change Status' })).toBeVisible();
  // The screen offers nothing the API would refuse: it says which type the user's roles may not run.
  await expect(theirs.getByText(/^None of your roles may run Change status\./)).toBeVisible();
  await expect(theirs.getByLabel('Scan or type a serial')).toHaveCount(0);
  await context.close();
  const item = (await (await page.request.get(`/api/items/by-serial/${serial}`, { headers: auth })).json()) as {
    status: string;
  };
  expect(item.status).toBe('in_stock');
});

test('invite with two roles: the invitee accepts in a browser of their own and sees exactly the menu spec §6 gives Storekeeper and Account Manager', async ({
  page,
  browser,
}) => {
  const { owner } = await signInAsNewOwner(page);
  const id = uid();
  const email = `lee_${id}@example.com`;

  await inviteOnScreen(page, email, ['Storekeeper', 'Account Manager']);

  const link = await mailedLink(page.request, email, '/register');
  const invitee = await browser.newContext();
  const theirs = await invitee.newPage();
  await theirs.goto(pathOf(link));
  await expect(theirs.getByText(`Join ${owner.companyName} on Stockwise`)).toBeVisible();
  await expect(theirs.getByText(/^You were invited as Storekeeper, Account Manager\./)).toBeVisible();
  await acceptOnScreen(theirs, {
    email,
    firstName: 'Lee',
    lastName: 'Both',
    userName: `lee_${id}`,
    password: PASSWORD,
  });
  await expect(theirs.getByText('Check your email')).toBeVisible();
  await verifyEmail(theirs.request, email);

  await signInOnScreen(theirs, `lee_${id}`, PASSWORD);
  await expect(theirs).toHaveURL(/\/my-tasks$/);

  // Spec §6's table for the union of the two roles: My Tasks (everyone); the Reporting group
  // (Storekeeper); Account Management (Account Manager); no Dashboard, Add Item, Search Item,
  // Rapid Sell, Multi-Sale, Settings or Go Premium. Support is everyone's. Beyond the table: the
  // Storekeeper counts stock, so Actions holds Stock-takes.
  const menu = theirs.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'My Tasks' })).toBeVisible();
  // Entries every role has (My Tasks, Support) show as soon as the remotes' screen tables are in;
  // the ones a claim opens, once the user's access has answered: the groups are read until then.
  const groups = () =>
    menu
      .getByRole('group')
      .evaluateAll((nodes) =>
        nodes.map((node) => document.getElementById(node.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
      );
  await expect.poll(groups).toEqual(['My View', 'Actions', 'Reporting', 'Account Management', 'Support & Help']);
  await expect(menu.getByRole('link')).toHaveText(
    menuLinks(STOCKTAKE_LINKS, PURCHASING_LINKS, REPORTING_LINKS, ACCOUNT_LINKS),
  );
  await expect(theirs.getByRole('link', { name: 'Go Premium' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Go Premium' })).toHaveCount(0);
  await invitee.close();

  await page.goto('/settings/users');
  const row = page.getByRole('row', { name: /Lee Both/ });
  await expect(row.getByText('Storekeeper')).toBeVisible();
  await expect(row.getByText('Account Manager')).toBeVisible();
});
