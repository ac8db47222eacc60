import { expect, test } from '../support/test';
import { login, registerCompany, signInWithToken } from '../support/session';

// Profile → Security in Chromium: two devices signed in to one account; the desktop ends the
// phone's session from the list, and the phone's next navigation finds itself signed out.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('a session signed out from the Security page: that device lands on / at its next navigation', async ({
  page,
  browser,
}) => {
  const owner = await registerCompany(page.request);
  const desktop = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, desktop.token, desktop.user);

  const phoneContext = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
  const phone = await phoneContext.newPage();
  const onPhone = await login(phone.request, owner.userName, owner.password);
  await signInWithToken(phone, onPhone.token, onPhone.user);
  // The page on a phone: this device first, named from its user agent.
  await phone.goto('/profile/security');
  await expect(phone.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  const phoneList = phone.getByRole('list', { name: 'Where you are signed in' });
  await expect(phoneList.getByRole('listitem').first()).toContainText('Safari on iOS');
  await expect(phoneList.getByRole('listitem').first()).toContainText('This device');

  // The phone leaves the app while it is signed out, so its next navigation is what finds out
  // (an open page may find out sooner and go to / itself; then /dashboard would send it to /login).
  await phone.goto('about:blank');

  await page.goto('/profile/security');
  const list = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('This device');
  await page.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  await expect(page.getByText('Safari on iOS has been signed out.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Its stored token is refused by the API on this navigation, and the app goes to /: only the
  // navigation's start is awaited, as that redirect may interrupt its load.
  await phone.goto('/dashboard', { waitUntil: 'commit' });
  await expect(phone).toHaveURL(/\/$/, { timeout: 20_000 });
  // Polled: the sign-out may still be finishing its navigation to / when the URL matches.
  await expect
    .poll(() => phone.evaluate(() => localStorage.getItem('token')).catch(() => 'still navigating'))
    .toBeNull();
  // The desktop goes on.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
});
