import { expect, test, type Page } from '../support/test';
import { png } from '../support/images';
import { login, registerCompany, signInWithToken } from '../support/session';

// Issue 4, point 9: /profile (the workspace remote) in Chromium. The picture goes through the
// real @supabase/supabase-js storage client to the API's /storage/v1 stand-in; saving updates
// the top bar (the shell) without a reload, by way of the shared session and profile-updated.

/**
 * Listens on the shell's own copy of @stockwise/shared (the federation share the shell
 * provides) and counts 'profile-updated', so an event emitted inside a remote is seen to arrive
 * on the bus the shell holds.
 */
async function countShellEvents(page: Page, name: string): Promise<void> {
  await page.evaluate((eventName) => {
    type Info = { from: string; loaded?: boolean; lib?: () => unknown };
    const share =
      (
        globalThis as {
          __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Info>>>> };
        }
      ).__FEDERATION__?.__SHARE__ ?? {};
    const providers = Object.values(share)
      .flatMap((scopes) => Object.values(scopes))
      .flatMap((packages) => Object.values(packages['@stockwise/shared'] ?? {}))
      .filter((info) => info.from === 'shell' && typeof info.lib === 'function');
    if (providers.length !== 1) throw new Error(`the shell provides @stockwise/shared ${providers.length} times`);
    const shared = providers[0]!.lib!() as { events: { on(n: string, h: () => void): () => void } };
    const w = window as unknown as { __shellEvents: Record<string, number> };
    w.__shellEvents = { ...(w.__shellEvents ?? {}), [eventName]: 0 };
    shared.events.on(eventName, () => {
      w.__shellEvents[eventName] = (w.__shellEvents[eventName] ?? 0) + 1;
    });
  }, name);
}
const shellEventCount = (page: Page, name: string) =>
  page.evaluate((n) => (window as unknown as { __shellEvents: Record<string, number> }).__shellEvents[n] ?? 0, name);

async function signInAsNewOwner(page: Page) {
  const owner = await registerCompany(page.request);
  const { token, user } = await login(page.request, owner.userName, owner.password);
  await signInWithToken(page, token, user);
  return { owner, token, user: user as { id: string; companyId: string } };
}

test('upload a profile picture: stored in the company folder, shown in the top bar after saving', async ({ page }) => {
  const { token, user } = await signInAsNewOwner(page);
  const uploads: { url: string; auth: string | undefined; status: number }[] = [];
  page.on('response', (res) => {
    const req = res.request();
    if (req.method() === 'POST' && new URL(res.url()).pathname.startsWith('/storage/v1/object/company-logos/'))
      uploads.push({ url: res.url(), auth: req.headers().authorization, status: res.status() });
  });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  const accountAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(accountAvatar).toHaveCount(0); // initials only, no picture yet

  await page.getByLabel('Upload a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png(16, 16, [220, 40, 40]),
  });
  // The preview shows the stored file, under <companyId>/profile-pictures/<userId>/.
  const preview = page.getByRole('img', { name: 'Profile picture' });
  await expect(preview).toHaveAttribute(
    'src',
    new RegExp(`/storage/v1/object/public/company-logos/${user.companyId}/profile-pictures/${user.id}/\\d+\\.png$`),
  );
  expect(uploads).toHaveLength(1);
  expect(uploads[0]).toMatchObject({ status: 200, auth: `Bearer ${token}` });
  const src = (await preview.getAttribute('src'))!;
  const stored = await page.request.get(src);
  expect(stored.status()).toBe(200);
  expect(stored.headers()['content-type']).toContain('image/png');

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  // The top bar's account button now shows the picture, loaded.
  await expect(accountAvatar).toHaveAttribute('src', src);
  await expect.poll(() => accountAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);

  // It is the stored profile: after a reload the API still names it.
  await page.reload();
  await expect(accountAvatar).toHaveAttribute('src', src);
  const me = await page.request.get('/api/auth/getuser', { headers: { Authorization: `Bearer ${token}` } });
  expect((await me.json()).profilePictureUrl).toBe(src);
});

test('a file that is not an image is refused in the browser, before any upload', async ({ page }) => {
  await signInAsNewOwner(page);
  await page.goto('/profile');
  await page.getByLabel('Upload a picture').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByRole('alert')).toHaveText('Choose a PNG, JPEG, WebP or GIF image.');
});

test('editing names changes the top bar without a reload; profile-updated from the workspace reaches the shell', async ({
  page,
}) => {
  const { owner, token } = await signInAsNewOwner(page);
  // Two reads of the profile follow the load: the page's own, and the shell's profile sync half a
  // second after it starts, which announces profile-updated too. Counting starts after both, so
  // the count is the save's alone (under load the sync could land after the counter was set).
  let reads = 0;
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/getuser') reads += 1;
  });
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByTestId('top-bar-user-name')).toHaveText('Ada Owner');
  await expect.poll(() => reads).toBeGreaterThanOrEqual(2);
  // A marker that a reload would wipe out.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await countShellEvents(page, 'profile-updated');

  await page.getByLabel('First name').fill('Augusta');
  await page.getByLabel('Last name').fill('King');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  await expect(page.getByTestId('top-bar-user-name')).toHaveText('Augusta King');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('A');
  expect(await shellEventCount(page, 'profile-updated')).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({
    firstName: 'Augusta',
    lastName: 'King',
    userName: owner.userName,
  });

  // Saved on the server too: a new page load shows the new names.
  const me = await page.request.get('/api/auth/getuser', { headers: { Authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
  await page.reload();
  await expect(page.getByTestId('top-bar-user-name')).toHaveText('Augusta King');
});
