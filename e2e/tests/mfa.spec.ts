import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/test';
import { login, registerCompany, signInOnScreen, signInWithToken } from '../support/session';

// Two-step verification end to end: an owner turns it on from Profile → Security, and every sign-in
// after that stops at the shell's second step until a code from the app — or a recovery code — is
// entered.

test.setTimeout(180_000);

/**
 * A code of a later 30 s step than `used` (the service takes each step once): the current one once
 * the step has moved on, else the next step's — the service takes a code up to one step ahead, as
 * from a phone whose clock runs a little fast — so the test does not wait out the rest of the step.
 */
function nextCode(totp: TOTP, used: string): string {
  const now = totp.generate();
  return now !== used ? now : totp.generate({ timestamp: Date.now() + totp.period * 1000 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('an owner with an authenticator app passes the second sign-in step with its code or a recovery code', async ({
  page,
}) => {
  const owner = await registerCompany(page.request);
  const first = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, first.token, first.user);

  // Turn two-step verification on with a code computed from the key the page shows.
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const enrolCode = totp.generate();
  await page.getByLabel('6-digit code from the app').fill(enrolCode);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('region', { name: 'Save your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await signOut(page);

  // The password alone leads to the second step, not the workspace.
  await signInOnScreen(page, owner.userName, owner.password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill('000000' === enrolCode ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Try the current one.')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(nextCode(totp, enrolCode));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await signOut(page);

  // A recovery code does too, once.
  await signInOnScreen(page, owner.userName, owner.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeHidden();
});
