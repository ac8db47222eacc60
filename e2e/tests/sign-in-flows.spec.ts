import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { bootByTouch } from '../support/hydration';
import { mailedLink, outbox, pathOf } from '../support/mail';
import { E2E_PORT } from '../support/ports';
import { login, registerCompany } from '../support/session';

// Third-party sign-in through the embedded OpenID provider at /oidc (the e2e product runs in
// development, without GOOGLE_CLIENT_ID), labelled on screen as the stand-in it is; Google linked
// only from inside a signed-in account (issue 8); email verification and its resend; and the
// forgot-password → mailed link → reset → sign-in loop, read from the development outbox.

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DEV_SIGN_IN = 'Development sign-in — not Google';

/** The provider's own sign-in page (a development stand-in): any address signs in, no password. */
async function signInAtProvider(page: Page, email: string, names?: { given: string; family: string }) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email').fill(email);
  if (names) {
    await page.getByLabel('First name').fill(names.given);
    await page.getByLabel('Last name').fill(names.family);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'a token is stored after sign-in').toBeTruthy();
  return token!;
}

async function whoAmI(request: APIRequestContext, token: string) {
  const res = await request.get('/api/auth/getuser', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    userName: string;
    email: string;
    roles: string[];
    companyName: string;
    googleConnected?: boolean;
  };
}

async function signInWithPassword(page: Page, userName: string, password: string) {
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Counts full page loads from now on: a reload to / would add one. */
async function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test.describe('stand-ins are labelled on screen (issue 8)', () => {
  test('the Google button reads "Development sign-in — not Google" and every page carries the development banner', async ({
    page,
  }) => {
    const environment = await (await page.request.get('/api/environment')).json();
    expect(environment).toMatchObject({ mode: 'development', standIns: { signIn: true } });
    const banner = page.getByRole('region', { name: 'Development mode' });

    await page.goto('/login');
    await bootByTouch(page);
    await expect(page.getByRole('button', { name: DEV_SIGN_IN })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Development mode —');
    await expect(banner).toContainText('Not for real users.');
    await page.goto('/register');
    await bootByTouch(page);
    await expect(page.getByRole('button', { name: DEV_SIGN_IN })).toBeVisible();
    await expect(banner).toBeVisible();

    // Signed in, the banner sits above the top bar, which stays fully visible below it.
    const owner = await registerCompany(page.request);
    await page.goto('/login');
    await signInWithPassword(page, owner.userName, owner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(banner).toBeVisible();
    const bannerBox = (await banner.boundingBox())!;
    const topBarBox = (await page.getByRole('banner').boundingBox())!;
    expect(bannerBox.y).toBe(0);
    expect(topBarBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
  });
});

test.describe('third-party sign-in through the embedded provider', () => {
  test('the API names the embedded provider, and the login page offers it as a development stand-in', async ({
    page,
  }) => {
    const res = await page.request.get('/api/auth/providers');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({
      google: null,
      oidc: { issuer: `http://localhost:${E2E_PORT}/oidc`, clientId: 'stockwise-local' },
    });
    await page.goto('/login');
    await bootByTouch(page);
    await expect(page.getByRole('button', { name: DEV_SIGN_IN })).toBeEnabled();
  });

  test("a Google account connected to no account: the server's message on /login, and the page stays there", async ({
    page,
  }) => {
    const email = `nobody_${uid()}@example.com`;
    await page.goto('/login');
    await bootByTouch(page);
    await page.getByRole('button', { name: DEV_SIGN_IN }).click();
    await signInAtProvider(page, email);

    await expect(page).toHaveURL(/\/login$/);
    const loads = await countLoads(page);
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    // The server's own words (spec §§5 and 8), not the generic fallback, and no sign-out reload.
    const shown = (await alert.textContent()) ?? '';
    expect(shown).not.toContain('An error occurred during Google login');
    await expect(alert.getByRole('link', { name: 'Register your company with Google' })).toHaveAttribute(
      'href',
      '/register',
    );
    await page.waitForTimeout(1500);
    await expect(page).toHaveURL(/\/login$/);
    await expect(alert).toBeVisible();
    expect(loads()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('Google never signs in to a password account by its email; the owner connects Google from /profile, then it signs in', async ({
    page,
  }) => {
    const owner = await registerCompany(page.request);
    // The same email at the provider does not open the password account.
    await page.goto('/login');
    await bootByTouch(page);
    await page.getByRole('button', { name: DEV_SIGN_IN }).click();
    await signInAtProvider(page, owner.email);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Signed in with the password, the owner connects Google on /profile.
    await signInWithPassword(page, owner.userName, owner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Connect development sign-in — not Google' }).click();
    await signInAtProvider(page, owner.email);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Google connected').first()).toBeVisible();
    const token = await storedToken(page);
    expect(await whoAmI(page.request, token)).toMatchObject({ userName: owner.userName, googleConnected: true });

    // Now the Google account signs in to it.
    await logout(page);
    await page.goto('/login');
    await bootByTouch(page);
    await page.getByRole('button', { name: DEV_SIGN_IN }).click();
    await signInAtProvider(page, owner.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-company-name')).toHaveText(owner.companyName);
    await expect(page.getByTestId('top-bar-user-name')).toHaveText('Ada Owner');
  });

  test('an unknown Google account is offered "Register your company with Google", and completing it signs in', async ({
    page,
  }) => {
    const id = uid();
    const email = `gina_${id}@example.com`;
    await page.goto('/login');
    await bootByTouch(page);
    await page.getByRole('button', { name: DEV_SIGN_IN }).click();
    await signInAtProvider(page, email, { given: 'Gina', family: 'Google' });
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Register your company with Google' }).click();

    await expect(page).toHaveURL(/\/register$/);
    // The address changes before the registration screen replaces the sign-in one (the navigation
    // waits for its screen's code), and both have this button: pressed too soon, it was sign-in's.
    await expect(page.getByRole('heading', { name: 'Register your company', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: DEV_SIGN_IN }).click();
    await signInAtProvider(page, email, { given: 'Gina', family: 'Google' });
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText(`Your Google account ${email} will sign you in`)).toBeVisible();
    // Pre-filled from the verified identity; no password is asked for.
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('First name')).toHaveValue('Gina');
    await expect(page.getByLabel('Last name')).toHaveValue('Google');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

    await page.getByLabel('Company name').fill(`Google Traders ${id}`);
    await page.getByLabel('User name').fill(`gina_${id}`);
    await page.getByRole('button', { name: 'Register your company with Google' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-company-name')).toHaveText(`Google Traders ${id}`);
    await expect(page.getByTestId('top-bar-user-name')).toHaveText('Gina Google');
    const me = await whoAmI(page.request, await storedToken(page));
    expect(me).toMatchObject({ email, companyName: `Google Traders ${id}`, roles: ['Admin', 'Company Owner'] });

    // The account now signs in with Google directly.
    await logout(page);
    await page.goto('/login');
    await bootByTouch(page);
    await page.getByRole('button', { name: DEV_SIGN_IN }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-company-name')).toHaveText(`Google Traders ${id}`);
  });

  test('with an invitation, the user joins the inviting company with the invited roles', async ({ page }) => {
    const owner = await registerCompany(page.request);
    const { token: ownerToken } = await login(page.request, owner.userName, owner.password);
    const email = `keeper_${uid()}@example.com`;
    const created = await page.request.post('/api/invitations', {
      headers: { Authorization: `Bearer ${ownerToken}` },
      data: { email, roles: ['Storekeeper'] },
    });
    expect(created.status()).toBe(201);
    const { id: invitationId } = (await created.json()) as { id: string };

    await page.goto(`/register?invitationId=${invitationId}`);
    await expect(page.getByText(`Join ${owner.companyName} on Stockwise`)).toBeVisible();
    await page.getByRole('button', { name: DEV_SIGN_IN }).click();
    await signInAtProvider(page, email, { given: 'Kim', family: 'Keeper' });

    // A Storekeeper's home is /my-tasks; the sidebar names the inviting company.
    await expect(page).toHaveURL(/\/my-tasks$/);
    await expect(page.getByTestId('sidebar-company-name')).toHaveText(owner.companyName);
    await expect(page.getByTestId('top-bar-user-name')).toHaveText('Kim Keeper');
    await expect(page.getByRole('link', { name: 'Go Premium' })).toHaveCount(0);
    const me = await whoAmI(page.request, await storedToken(page));
    expect(me).toMatchObject({ email, companyName: owner.companyName, roles: ['Storekeeper'] });

    // The invitation is used up: the link now says so.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/register?invitationId=${invitationId}`);
    await expect(page.getByText('This invitation cannot be used')).toBeVisible();
  });
});

test.describe('email verification (issue 8)', () => {
  test('a new registration cannot sign in until its link is opened; the login screen resends the link', async ({
    page,
  }) => {
    const id = uid();
    const email = `vera_${id}@example.com`;
    const password = 'correct horse battery';
    await page.goto('/register');
    await page.getByLabel('Company name').fill(`Verified Traders ${id}`);
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Fier');
    await page.getByLabel('User name').fill(`vera_${id}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByRole('status')).toContainText('Check your email');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await mailedLink(page.request, email, '/verify-email');

    // Signing in is refused with the server's message, and a new link is offered.
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await signInWithPassword(page, `vera_${id}`, password);
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    const link = await mailedLink(page.request, email, '/verify-email', { count: 2 });
    expect((await outbox(page.request, email)).length).toBeGreaterThanOrEqual(2);

    // The link verifies the email; then the password signs in.
    await page.goto(pathOf(link));
    await expect(page.getByRole('status')).toContainText('Email verified');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInWithPassword(page, `vera_${id}`, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-company-name')).toHaveText(`Verified Traders ${id}`);
  });

  test('a changed email waits for its link, opened while signed in', async ({ page }) => {
    const owner = await registerCompany(page.request);
    await page.goto('/login');
    await signInWithPassword(page, owner.userName, owner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    const next = `moved_${uid()}@example.com`;
    // The stored profile has arrived (the form is filled from it) before it is edited.
    await expect(page.getByLabel('Email')).toHaveValue(owner.email);
    await page.getByLabel('Email').fill(next);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`We sent a link to ${next} — your email changes when you open it.`)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(owner.email);

    await page.goto(pathOf(await mailedLink(page.request, next, '/verify-email')));
    await expect(page.getByRole('status')).toContainText('Email verified');
    await page.getByRole('link', { name: 'Back to your profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Email')).toHaveValue(next);
    await expect(page.getByText(/your email changes when you open it/)).toHaveCount(0);
  });
});

test.describe('forgot password', () => {
  test('the mailed link resets the password; the new one signs in; the used link says it is invalid', async ({
    page,
  }) => {
    const owner = await registerCompany(page.request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('Check your inbox');

    const link = await mailedLink(page.request, owner.email, '/reset-password');
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(owner.email);
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = 'a brand new passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toContainText('Password changed');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The old password no longer works…
    await signInWithPassword(page, owner.userName, owner.password);
    await expect(page.getByRole('alert')).toContainText('Invalid user name or password.');
    // …the new one does.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link is single-use: opened again, it shows the server's invalid-link message.
    await page.evaluate(() => localStorage.clear());
    await page.goto(pathOf(link));
    await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test("a forged link shows the server's invalid-link message, and no form", async ({ page }) => {
    const owner = await registerCompany(page.request);
    await page.goto(`/reset-password?email=${encodeURIComponent(owner.email)}&token=not-a-real-token`);
    await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired.');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});
