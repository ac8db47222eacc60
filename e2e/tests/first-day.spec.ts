import { expect, test } from '../support/test';
import { login, registerCompany, signInWithToken } from '../support/session';

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
