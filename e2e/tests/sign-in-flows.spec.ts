import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../support/ports';
import { login, registerCompany } from '../support/session';

// Issue 4, point 3, in Chromium against the production build: third-party sign-in through the
// embedded OpenID provider at /oidc (the e2e product runs without GOOGLE_CLIENT_ID), and the
// forgot-password → mailed link → reset → sign-in loop, read from the development outbox.

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The provider's own sign-in page: any address signs in, no password. */
async function signInAtProvider(page: Page, email: string, names?: { given: string; family: string }) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
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
  return (await res.json()) as { userName: string; email: string; roles: string[]; companyName: string };
}

test.describe('third-party sign-in through the embedded provider', () => {
  test('the API names the embedded provider, and the login page offers it', async ({ page }) => {
    const res = await page.request.get('/api/auth/providers');
    expect(res.status()).toBe(200);
    const providers = await res.json();
    expect(providers).toEqual({
      google: null,
      oidc: { issuer: `http://localhost:${E2E_PORT}/oidc`, clientId: 'stockwise-local' },
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  test('an existing account, without an invitation, lands signed in', async ({ page }) => {
    const owner = await registerCompany(page.request);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, owner.email);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-company-name')).toHaveText(owner.companyName);
    // Profile sync fills in the rest of the cached user (spec §4): the top bar shows the name.
    await expect(page.getByTestId('top-bar-user-name')).toHaveText('Ada Owner');
    const me = await whoAmI(page.request, await storedToken(page));
    expect(me).toMatchObject({ userName: owner.userName, email: owner.email, companyName: owner.companyName });
  });

  test('an unknown account is offered "Register your company with Google", and completing it signs in', async ({
    page,
  }) => {
    const id = uid();
    const email = `gina_${id}@example.com`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, email, { given: 'Gina', family: 'Google' });

    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('No Stockwise account uses this Google account yet')).toBeVisible();
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
    expect(me).toMatchObject({ email, companyName: `Google Traders ${id}`, roles: ['Company Owner'] });

    // The account now signs in with Google directly.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
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
    await page.getByRole('button', { name: 'Accept with Google' }).click();
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

test.describe('forgot password', () => {
  async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
    let link: string | undefined;
    await expect(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      expect(res.status()).toBe(200);
      const mails = (await res.json()) as { subject: string; text: string }[];
      const mail = mails.find((m) => m.subject === 'Reset your Stockwise password');
      link = mail?.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
      expect(link).toBeTruthy();
    }).toPass({ timeout: 15_000 });
    return link!;
  }

  test('the mailed link resets the password; the new one signs in; the used link shows the Turkish message', async ({
    page,
  }) => {
    const owner = await registerCompany(page.request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('Check your inbox');

    const link = await mailedLink(page.request, owner.email);
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(owner.email);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = 'a brand new passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('status')).toContainText('Password changed');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The old password no longer works…
    await page.getByLabel('User name or email').fill(owner.userName);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid user name or password.');
    // …the new one does.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link is single-use: opened again, it shows spec §8's Turkish invalid-link message.
    await page.evaluate(() => localStorage.clear());
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('alert')).toHaveText('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('a forged link shows the Turkish invalid-link message, and no form', async ({ page }) => {
    const owner = await registerCompany(page.request);
    await page.goto(`/reset-password?email=${encodeURIComponent(owner.email)}&token=not-a-real-token`);
    await expect(page.getByRole('alert')).toHaveText('Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});
