import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { png } from '../support/images';
import { login, registerCompany, signInWithToken } from '../support/session';

// Issue 13: the settings screens as a Company Owner works them, in Chromium against the
// production build — the company's name and logo (the sidebar follows without a reload),
// locations up to the Free plan's limit and the way to Premium, and brands.

/**
 * No serious or critical axe violation in the screen (the shell's <main>) as it is now. The
 * shell's own frame is checked by shell-and-public.spec.ts.
 */
async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function signInAsNewOwner(page: Page) {
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);
  return { owner, token, user: user as { id: string; companyId: string } };
}

test('Company Info: rename the company and upload a logo; the sidebar shows both without a reload', async ({
  page,
}) => {
  const { owner, token, user } = await signInAsNewOwner(page);
  await page.goto('/settings/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Info' })).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Company name' });
  await expect(name).toHaveValue(owner.companyName);
  await expect(page.getByRole('textbox', { name: 'Industry' })).toHaveValue('Retail');
  const sidebarName = page.getByTestId('sidebar-company-name');
  await expect(sidebarName).toHaveText(owner.companyName);
  await expectAccessible(page, '/settings/company');

  // Not an image: refused before any upload.
  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByText('Choose a PNG, JPEG, GIF or WebP image.')).toBeVisible();

  // A wide image: previewed, cropped to a square before upload.
  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(40, 20, [20, 90, 200]) });
  await expect(page.getByRole('img', { name: 'New logo, saved with the form' })).toBeVisible();

  const renamed = `${owner.companyName} Renamed`;
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();

  // The sidebar (the shell) shows the new name and the stored logo, with no reload.
  await expect(sidebarName).toHaveText(renamed);
  const sidebarLogo = page.getByRole('img', { name: `${renamed} logo` });
  await expect(sidebarLogo).toHaveAttribute(
    'src',
    new RegExp(`/storage/v1/object/public/company-logos/${user.companyId}/\\d+\\.png$`),
  );
  await expect.poll(() => sidebarLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20);
  await expect.poll(() => sidebarLogo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(20);

  // Stored: the API names the new name and the logo's path.
  const company = await (
    await page.request.get('/api/company', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect(company).toMatchObject({
    companyName: renamed,
    logoPath: expect.stringMatching(new RegExp(`^${user.companyId}/\\d+\\.png$`)),
  });
});

test('Locations: create one inside the Free plan, then be shown the way to Premium at the limit', async ({ page }) => {
  await signInAsNewOwner(page);
  await page.goto('/settings/stores');
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await expect(page.getByText('No locations yet')).toBeVisible();
  await expect(page.getByText('0 of 1 used')).toBeVisible();

  await page.getByRole('button', { name: 'Add location' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Main warehouse');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('gridcell', { name: 'Main warehouse', exact: true })).toBeVisible();
  await expect(page.getByText('1 of 1 used')).toBeVisible();
  await expectAccessible(page, '/settings/stores');
  await expect(page.getByRole('link', { name: 'Go Premium' }).first()).toHaveAttribute('href', '/premium-purchase');

  // A second one is refused by the API (403 PLAN_LIMIT_LOCATIONS): the dialog says so, with the way to Premium.
  await page.getByRole('button', { name: 'Add location' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Second store');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const limit = dialog.getByTestId('plan-limit');
  await expect(limit).toBeVisible();
  await expect(limit.getByRole('link', { name: 'Go Premium' })).toBeVisible();
});

test('Brands: add a brand and rename it', async ({ page }) => {
  await signInAsNewOwner(page);
  await page.goto('/settings/brands');
  await expect(page.getByText('No brands yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add brand' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add brand' });
  await add.getByRole('textbox', { name: 'Name' }).fill('Acme Phones');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('gridcell', { name: 'Acme Phones', exact: true })).toBeVisible();
  await expectAccessible(page, '/settings/brands');

  await page.getByRole('button', { name: 'Rename Acme Phones' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename brand' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('Acme Mobile');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('gridcell', { name: 'Acme Mobile', exact: true })).toBeVisible();
});
