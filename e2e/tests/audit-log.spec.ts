import { expect, test } from '../support/test';
import { followDrawerLink } from '../support/menu';
import { login, registerCompany, signInWithToken } from '../support/session';

// The audit log of settings as a Company Owner uses it in the production build: they change what a
// built-in role may do on Settings → Roles, then open Settings → Company → Audit Log from the
// drawer and read who changed which role's claims, with the permissions before and after.

// Two browser contexts (desktop, then a phone) on a machine shared by several builds.
test.setTimeout(240_000);

test('a claim change visible in the audit log: who, what, before and after; on a phone too', async ({
  page,
  browser,
}) => {
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);

  // The owner takes "See reports" from the Storekeeper.
  await page.goto('/settings/roles');
  await page.getByRole('button', { name: 'Permissions of Storekeeper' }).click();
  const permissions = page.getByRole('dialog', { name: 'Permissions of Storekeeper' });
  const reports = permissions.getByRole('checkbox', { name: 'See reports' });
  await expect(reports).toBeChecked();
  await reports.setChecked(false);
  await permissions.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Permissions saved.')).toBeVisible();
  // As a person waits for the dialog to go: while it closes, the page still holds its scroll lock,
  // whose release moves the page under a click aimed at the drawer.
  await expect(permissions).toBeHidden();

  // Settings → Company → Audit Log, from the drawer of the page the owner is on.
  await followDrawerLink(page, 'Company', 'Audit Log');
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();

  const row = page.getByTestId('audit-row').filter({ hasText: 'Role claims' }).first();
  await expect(row).toContainText(owner.userName);
  await expect(row).toContainText('Storekeeper');
  await row.getByRole('button', { name: /Details of this change/ }).click();
  const detail = page.getByRole('dialog', { name: 'Role claims · Storekeeper' });
  const changed = detail.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'permissions' }) });
  await expect(changed).toHaveAttribute('data-changed', 'true');
  const [before, after] = [changed.getByRole('cell').nth(0), changed.getByRole('cell').nth(1)];
  await expect(before).toContainText('reports.view');
  await expect(after).not.toContainText('reports.view');
  await expect(after).toContainText('items.view');
  await detail.getByRole('button', { name: 'Close' }).click();

  // Filtered to role claims, the export is the log's own file.
  const setting = page.getByRole('combobox', { name: 'Setting' });
  await setting.click();
  await page.getByRole('option', { name: 'Role claims' }).click();
  await expect(page.getByTestId('audit-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

  // On a phone the same change opens full screen.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const theirs = await phone.newPage();
  await signInWithToken(theirs, token, user);
  await theirs.goto('/settings/audit-log');
  // A first visit in a new context loads the shell and the settings remote before the log.
  await expect(theirs.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible({ timeout: 60_000 });
  const first = theirs.getByTestId('audit-row').filter({ hasText: 'Role claims' }).first();
  await expect(first).toContainText('Storekeeper');
  await first.getByRole('button', { name: /Details of this change/ }).click();
  await expect(theirs.getByRole('dialog', { name: 'Role claims · Storekeeper' })).toBeVisible();
  await phone.close();
});
