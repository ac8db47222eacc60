import { expect, test } from '../support/test';
import { pathOf } from '../support/mail';
import { pressWhileBooting } from '../support/hydration';
import { login, registerCompany, signInOnScreen, signInWithToken } from '../support/session';

// A new owner's first day: the person who registered the company holds Admin too, so the menu
// offers every settings screen the set-up needs, and the dashboard lists the first steps, each a
// link to the screen that does it, until they are done.

test('a new owner finds every settings screen in the menu and the first steps on the dashboard', async ({ page }) => {
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);
  await page.goto('/dashboard');

  const steps = page.getByRole('region', { name: 'First steps' });
  await expect(steps.getByText('4 steps left to get your shop going.')).toBeVisible();
  await expect(steps.getByRole('link')).toHaveText([
    'Receive your first items',
    'Invite your team',
    'Set up your labels',
    'Make your first sale',
  ]);

  // Spec §6: Process Config and User/Role Management are Admin's — and the registrant is Admin.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Process Config' }).click();
  await expect(menu.getByRole('link', { name: 'Item Types' })).toBeVisible();
  await menu.getByRole('button', { name: 'User/Role Management' }).click();
  await expect(menu.getByRole('link', { name: 'User Invitations' })).toBeVisible();

  // A step leads to its screen; done, it is no longer a link and the count goes down.
  await steps.getByRole('link', { name: 'Set up your labels' }).click();
  await expect(page).toHaveURL(/\/settings\/label-settings$/);
  const invited = await page.request.post('/api/invitations', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: `first_${Date.now().toString(36)}@example.com`, roles: ['Rapid Seller'] },
  });
  expect(invited.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(steps.getByText('3 steps left to get your shop going.')).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Invite your team' })).toHaveCount(0);
  await expect(steps.getByText('Invite your team')).toBeVisible();
});

test('a new company receives its first item with no set-up: register, read the mail from the banner, type a serial, receive', async ({
  page,
}) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const userName = `first_${id}`;
  const email = `${userName}@example.com`;
  const password = 'correct horse battery';
  await page.goto('/register');
  await page.getByLabel('Company name').fill(`First Day Traders ${id}`);
  await page.getByLabel('First name').fill('Fatma');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await pressWhileBooting(page, page.getByRole('button', { name: 'Create company' }));
  await expect(page.getByRole('status')).toContainText('Check your email');

  // No mail leaves a development machine: the banner leads to the mail it would have sent.
  const banner = page.getByRole('region', { name: 'Development mode' });
  const [outbox] = await Promise.all([
    page.context().waitForEvent('page'),
    banner.getByRole('link', { name: 'Read the mail it sent' }).click(),
  ]);
  const mail = outbox.getByRole('article').filter({ hasText: `To ${email}` });
  const link = await mail.getByRole('link', { name: /\/verify-email\?token=/ }).getAttribute('href');
  await outbox.close();
  await page.goto(pathOf(link!));
  await expect(page.getByRole('status')).toContainText('Email verified');
  await signInOnScreen(page, userName, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Add Item: the company's own item type and location are chosen, the serials have the focus.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Add Item' }).click();
  await expect(page.getByRole('combobox', { name: /^Item type/ })).toHaveText('General');
  await expect(page.getByRole('combobox', { name: /^Location/ })).toHaveText('Main store');
  const serials = page.getByRole('textbox', { name: 'Serials' });
  await expect(serials).toBeFocused();
  const serial = `FIRST-${id}`.toUpperCase();
  await page.keyboard.type(serial);
  await page.getByRole('button', { name: 'Receive 1 item' }).click();
  // The Receive type prints a label by default: its dialog opens first.
  await page.getByRole('dialog', { name: '1 label' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Received 1 item at Main store.')).toBeVisible();

  await page.goto('/reporting/item-list');
  const grid = page.getByRole('grid', { name: 'Item List' });
  // The list's screen is loaded on first use: slow on a busy machine.
  await expect(grid).toBeVisible({ timeout: 60_000 });
  const row = grid.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('General');
  await expect(row).toContainText('Main store');
});
