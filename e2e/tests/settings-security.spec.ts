import { Secret, TOTP } from 'otpauth';
import { expect, test, type Page } from '../support/test';
import { login, registerCompany, signInOnScreen, signInWithToken } from '../support/session';
import { followDrawerLink } from '../support/menu';
import { addUserWithRoles } from '../support/users';
import { seriousA11yFindings } from '../support/axe';

// Settings → Company → Security, as a Company Owner works it in the production build: requiring
// two-step verification of Owners and Admins (an Admin without a factor is held at the shell's
// enrolment step, which leads to Profile → Security), and the company's own single sign-on
// provider — here the development stand-in the API names — added, listed and removed.

test.setTimeout(240_000);

/** The owner sets up an authenticator app on Profile → Security (requiring it of others needs one's own). */
async function enrolAuthenticator(page: Page) {
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code from the app').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
}

/** Opens Security from the drawer: Settings → Company → Security. */
async function openSecurity(page: Page) {
  await followDrawerLink(page, 'Company', 'Security');
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
}

/** No serious or critical axe finding in the screen (the shell's <main>) as it is now. */
async function expectAccessible(page: Page) {
  expect(await seriousA11yFindings(page, 'the screen', 'main')).toEqual([]);
}

async function setRequirement(page: Page, on: boolean, notice: string) {
  const requirement = page.getByRole('switch', { name: 'Require two-step verification for Owners and Admins' });
  await expect(requirement).toBeChecked({ checked: !on });
  await requirement.setChecked(on);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(notice)).toBeVisible();
  await expect(requirement).toBeChecked({ checked: on });
}

test('the owner requires two-step verification: an Admin without it is led to Profile → Security; off again, the Admin is let in', async ({
  page,
  browser,
}) => {
  const owner = await registerCompany(page.request);
  const first = await login(page.request, owner.userName, owner.password);
  // The Admin joins before the owner's session needs a second factor for the API.
  const admin = await addUserWithRoles(page.request, first.token, ['Admin']);
  await signInWithToken(page, first.token, first.user);
  await enrolAuthenticator(page);
  await page.goto('/dashboard');
  await openSecurity(page);
  await expectAccessible(page);
  await setRequirement(page, true, 'Two-step verification is now required for Owners and Admins.');

  // The Admin signs in as a person would: the shell holds every page back and offers the way to
  // set up two-step verification, which is Profile → Security.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInOnScreen(theirs, admin.userName, admin.password);
  await expect(
    theirs.getByText(
      'Your company requires two-step verification for Owners and Admins. Set up an authenticator app to continue.',
    ),
  ).toBeVisible();
  await theirs.getByRole('link', { name: 'Set up two-step verification' }).click();
  await expect(theirs).toHaveURL(/\/profile\/security$/);
  await expect(theirs.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();

  await setRequirement(page, false, 'Two-step verification is no longer required.');
  await theirs.goto('/settings/company');
  await expect(theirs.getByRole('heading', { level: 1, name: 'Company Info' })).toBeVisible();
  await expect(theirs.getByText('Set up an authenticator app to continue.', { exact: false })).toHaveCount(0);
  await context.close();
});

test('the owner adds the company’s single sign-on provider on screen, sees it listed as the development sign-in, and removes it', async ({
  page,
  browser,
}) => {
  const domain = `sso-${Date.now().toString(36)}.test`;
  const owner = await registerCompany(page.request, { email: `owner@${domain}` });
  const { token, user } = await login(page.request, owner.userName, owner.password);
  const keeper = await addUserWithRoles(page.request, token, ['Storekeeper']);
  await signInWithToken(page, token, user);
  await page.goto('/dashboard');
  await openSecurity(page);
  await expect(page.getByText('No single sign-on provider yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add single sign-on provider' });
  // A domain none of the company's users is on: the API's refusal is shown on the field.
  await dialog.getByLabel('Email domain').fill('example.org');
  await dialog.getByRole('button', { name: 'Fill in the development sign-in' }).click();
  await dialog.getByLabel('Client secret').fill('not-shown-again');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Only a domain your own users’ email addresses are on can be registered.'),
  ).toBeVisible();
  await dialog.getByLabel('Email domain').fill(domain);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Single sign-on provider added.')).toBeVisible();

  const item = page.getByRole('list', { name: 'Single sign-on providers' }).getByRole('listitem', { name: domain });
  await expect(item).toContainText('Development sign-in — not a real provider');
  await expect(item).toContainText('Client secret stored');
  await expect(item).toContainText('/auth/v1/callback');
  await expect(page.getByText('not-shown-again')).toHaveCount(0);
  await expectAccessible(page);
  // Still there on a fresh load: it is the API's list, not the page's memory.
  await page.reload();
  await expect(page.getByRole('listitem', { name: domain })).toBeVisible();

  // Who does not hold settings.manage has no Security entry, and its address is refused.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await signInWithToken(theirs, keeper.token, keeper.user);
  await theirs.goto('/settings/security');
  await expect(theirs.getByTestId('screen-refused')).toBeVisible();
  await expect(
    theirs.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Security' }),
  ).toHaveCount(0);
  await context.close();

  await page.getByRole('button', { name: `Remove ${domain}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${domain}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Single sign-on provider removed.')).toBeVisible();
  await expect(page.getByText('No single sign-on provider yet')).toBeVisible();
});
