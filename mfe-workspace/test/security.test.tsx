import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage, setNotifier } from '@stockwise/shared';
import { en as securityEn, tr as securityTr } from '../src/features/security/i18n';
import { describeUserAgent } from '../src/features/security/lib/user-agent';
import { mockApi } from '../../shared/test/mock-api';
import { renderAt, signInAs } from './helpers';

// Profile → Security: the sessions list over the API (GET/DELETE /api/auth/sessions…), and the
// password, two-step verification and Google sections over supabase-js's auth client — mocked here
// with the signatures of auth-js 2.109; the real client is driven against the API in api/test.

const auth = {
  updateUser: jest.fn(),
  reauthenticate: jest.fn(),
  getUserIdentities: jest.fn(),
  unlinkIdentity: jest.fn(),
  mfa: { listFactors: jest.fn(), enroll: jest.fn(), challengeAndVerify: jest.fn(), unenroll: jest.fn() },
};
jest.mock('@stockwise/shared', () => ({
  ...jest.requireActual('@stockwise/shared'),
  getAuthClient: async () => auth,
}));

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const thisOne = {
  id: 's-this',
  createdAt: '2026-11-20T08:00:00Z',
  lastActiveAt: '2026-11-25T09:30:00Z',
  userAgent: CHROME_WINDOWS,
  ip: '198.51.100.4',
  signInMethod: 'password',
  aal: 'aal1',
  current: true,
};
const phone = {
  ...thisOne,
  id: 's-phone',
  userAgent: SAFARI_IPHONE,
  ip: '203.0.113.7',
  current: false,
};
const google = {
  id: 'g1',
  identity_id: 'gid-1',
  user_id: 'u1',
  provider: 'google',
  identity_data: { email: 'ada@gmail.com' },
};
const email = { id: 'e1', identity_id: 'eid-1', user_id: 'u1', provider: 'email', identity_data: {} };

// The first render loads the page's chunk; the machine running the suite may be busy.
jest.setTimeout(30_000);

const notified = jest.fn();
let unregister: () => void;
let sessions: (typeof thisOne)[];

/** The API: the session list, and ending sessions (recorded); `more` answers other calls first. */
function api(more?: (config: { method?: string; url?: string }) => { status: number; data?: unknown } | undefined) {
  return mockApi((config) => {
    const answer = more?.(config);
    if (answer) return answer;
    if (config.method === 'get' && config.url === '/api/auth/sessions')
      return { status: 200, data: { items: sessions, total: sessions.length } };
    if (config.method === 'delete' && config.url === '/api/auth/sessions/s-phone') {
      sessions = sessions.filter((s) => s.id !== 's-phone');
      return { status: 204 };
    }
    if (config.method === 'post' && config.url === '/api/auth/sessions/end-others') {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return { status: 200, data: { ended } };
    }
    return { status: 404, data: { message: 'Not found.' } };
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  signInAs('Storekeeper');
  sessions = [thisOne, phone];
  unregister = setNotifier(notified);
  auth.mfa.listFactors.mockResolvedValue({ data: { all: [], totp: [], phone: [] }, error: null });
  auth.getUserIdentities.mockResolvedValue({ data: { identities: [email] }, error: null });
});
afterEach(() => unregister());

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('/profile/security — sessions', () => {
  it('lists each session: device and browser from its user agent, place, sign-in and last activity; this device marked', async () => {
    api();
    renderAt('/profile/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Where you are signed in' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Chrome on Windows');
    expect(first).toHaveTextContent('This device');
    expect(first).toHaveTextContent('IP 198.51.100.4');
    expect(first).toHaveTextContent(/Signed in .*2026/);
    expect(first).toHaveTextContent(/Last active .*2026/);
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(second).toHaveTextContent('Safari on iOS');
    expect(second).toHaveTextContent('IP 203.0.113.7');
    expect(second).not.toHaveTextContent('This device');
    // The tabs lead back to the profile.
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
  });

  it('signs one other session out: DELETE /api/auth/sessions/{id}, a message, and the list without it', async () => {
    const calls = api();
    renderAt('/profile/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('Safari on iOS has been signed out.', 'success'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/auth/sessions/s-phone']);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(screen.getByText('You are signed in on this device only.')).toBeInTheDocument();
  });

  it('signs out everywhere else after asking: POST …/end-others, the count in the message', async () => {
    sessions = [thisOne, phone, { ...phone, id: 's-other' }];
    const calls = api();
    renderAt('/profile/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('Signed out of 2 other sessions.', 'success'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/sessions/end-others')).toBe(true);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
  });

  it('says so when the list cannot be loaded, and when a session cannot be ended', async () => {
    mockApi((config) =>
      config.method === 'get'
        ? { status: 200, data: { items: [thisOne, phone], total: 2 } }
        : { status: 500, data: { message: 'The server failed.' } },
    );
    renderAt('/profile/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed.');

    mockApi(() => ({ status: 503, data: {} }));
    renderAt('/profile/security');
    expect(await screen.findByText('This could not be loaded. Please try again.')).toBeInTheDocument();
  });
});

describe('/profile/security — password', () => {
  const fill = async (current: string, next: string, confirm = next) => {
    await userEvent.type(await screen.findByLabelText('Current password'), current);
    await userEvent.type(screen.getByLabelText('New password'), next);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('changes the password with the current one through updateUser, and says the other sessions were signed out', async () => {
    api();
    auth.updateUser.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    renderAt('/profile/security');
    await fill('old-password-1', 'new-password-22');
    await waitFor(() =>
      expect(auth.updateUser).toHaveBeenCalledWith({ password: 'new-password-22', current_password: 'old-password-1' }),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        'Your password has been changed. Your other sessions were signed out.',
        'success',
      ),
    );
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('checks the form before sending: too short, not matching', async () => {
    api();
    renderAt('/profile/security');
    await fill('old-password-1', 'short', 'other');
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('shows a wrong current password on its field', async () => {
    api();
    auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: {
        name: 'AuthApiError',
        status: 400,
        code: 'current_password_invalid',
        message: 'Current password required',
      },
    });
    renderAt('/profile/security');
    await fill('not-it-at-all', 'new-password-22');
    expect(await screen.findByText('The current password is not right.')).toBeInTheDocument();
    expect(notified).not.toHaveBeenCalled();
  });

  it('without the current password: reauthenticate() mails a code, and updateUser takes it as the nonce', async () => {
    api();
    auth.reauthenticate.mockResolvedValue({ data: { user: null, session: null }, error: null });
    auth.updateUser.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    renderAt('/profile/security');
    await userEvent.click(await screen.findByRole('button', { name: /Email me a code instead/ }));
    expect(await screen.findByText(/We emailed you a code/)).toBeInTheDocument();
    expect(auth.reauthenticate).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('Code from the email'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-22');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-password-22');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(auth.updateUser).toHaveBeenCalledWith({ password: 'new-password-22', nonce: '123456' }));
  });
});

describe('/profile/security — two-step verification', () => {
  const QR = 'data:image/svg+xml;utf-8,<svg xmlns="http://www.w3.org/2000/svg"></svg>';
  const CODES = Array.from({ length: 10 }, (_, i) => `rc${i}-abcd-efgh`);

  it('enrols an authenticator app: QR and key shown, the typed code verified, the recovery codes shown once', async () => {
    const calls = api((config) =>
      config.method === 'post' && config.url === '/api/auth/mfa/recovery-codes'
        ? { status: 200, data: { codes: CODES } }
        : undefined,
    );
    auth.mfa.enroll.mockResolvedValue({
      data: { id: 'f1', type: 'totp', totp: { qr_code: QR, secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://…' } },
      error: null,
    });
    auth.mfa.challengeAndVerify.mockResolvedValue({
      data: { access_token: 'a', refresh_token: 'r' },
      error: null,
    });
    renderAt('/profile/security');
    const mfa = await section('Two-step verification');
    expect(mfa.getByText('Off')).toBeInTheDocument();
    await userEvent.click(await mfa.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(auth.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp' });
    expect(await mfa.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', QR);
    expect(mfa.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await userEvent.type(mfa.getByLabelText('6-digit code from the app'), '12345');
    await userEvent.click(mfa.getByRole('button', { name: 'Turn on' }));
    expect(await mfa.findByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    expect(auth.mfa.challengeAndVerify).not.toHaveBeenCalled();

    auth.mfa.listFactors.mockResolvedValue({
      data: {
        all: [
          { id: 'f1', factor_type: 'totp', status: 'verified', created_at: '2026-11-25T10:00:00Z', updated_at: '' },
        ],
        totp: [],
        phone: [],
      },
      error: null,
    });
    await userEvent.type(mfa.getByLabelText('6-digit code from the app'), '6');
    await userEvent.click(mfa.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(auth.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f1', code: '123456' }));
    const codes = await mfa.findByRole('region', { name: 'Save your recovery codes' });
    for (const code of CODES) expect(codes).toHaveTextContent(code);
    // Made once, after the verification that turned two-step verification on.
    expect(calls.filter((c) => c.url === '/api/auth/mfa/recovery-codes')).toHaveLength(1);
    expect(notified).toHaveBeenCalledWith('Two-step verification is on.', 'success');
    expect(await mfa.findByText('On')).toBeInTheDocument();
    await userEvent.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(mfa.queryByRole('region', { name: 'Save your recovery codes' })).toBeNull();
  });

  it('a wrong code says so and keeps the set-up open', async () => {
    api();
    auth.mfa.enroll.mockResolvedValue({
      data: { id: 'f1', type: 'totp', totp: { qr_code: QR, secret: 'S', uri: '' } },
      error: null,
    });
    auth.mfa.challengeAndVerify.mockResolvedValue({
      data: null,
      error: {
        name: 'AuthApiError',
        status: 422,
        code: 'mfa_verification_failed',
        message: 'Invalid TOTP code entered',
      },
    });
    renderAt('/profile/security');
    const mfa = await section('Two-step verification');
    await userEvent.click(await mfa.findByRole('button', { name: 'Set up an authenticator app' }));
    await userEvent.type(await mfa.findByLabelText('6-digit code from the app'), '000000');
    await userEvent.click(mfa.getByRole('button', { name: 'Turn on' }));
    expect(await mfa.findByText('That code is not right. Check the app and try again.')).toBeInTheDocument();
    expect(mfa.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  });

  it('removes a verified factor after asking (unenroll); an aal1 session is told to verify first', async () => {
    api();
    auth.mfa.listFactors.mockResolvedValue({
      data: {
        all: [
          { id: 'f9', factor_type: 'totp', status: 'verified', created_at: '2026-11-25T10:00:00Z', updated_at: '' },
        ],
        totp: [],
        phone: [],
      },
      error: null,
    });
    auth.mfa.unenroll
      .mockResolvedValueOnce({
        data: null,
        error: { name: 'AuthApiError', status: 403, code: 'insufficient_aal', message: 'AAL2 required' },
      })
      .mockResolvedValueOnce({ data: { id: 'f9' }, error: null });
    renderAt('/profile/security');
    const mfa = await section('Two-step verification');
    await userEvent.click(await mfa.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this authenticator app?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Verify with your authenticator app first, then remove it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('The authenticator app has been removed.', 'success'));
    expect(auth.mfa.unenroll).toHaveBeenLastCalledWith({ factorId: 'f9' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('/profile/security — connected accounts', () => {
  it('disconnects Google after asking (unlinkIdentity) while a password remains', async () => {
    api();
    auth.getUserIdentities.mockResolvedValue({ data: { identities: [email, google] }, error: null });
    auth.unlinkIdentity.mockResolvedValue({ data: {}, error: null });
    renderAt('/profile/security');
    const accounts = await section('Connected accounts');
    expect(await accounts.findByText('Connected as ada@gmail.com')).toBeInTheDocument();
    await userEvent.click(accounts.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(auth.unlinkIdentity).toHaveBeenCalledWith(google));
    expect(notified).toHaveBeenCalledWith('Google has been disconnected.', 'success');
  });

  it('keeps Disconnect off, and says why, when Google is the only way to sign in', async () => {
    api();
    auth.getUserIdentities.mockResolvedValue({ data: { identities: [google] }, error: null });
    renderAt('/profile/security');
    const accounts = await section('Connected accounts');
    const button = await accounts.findByRole('button', { name: 'Disconnect' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Google is your only way to sign in. Set a password above before you disconnect it.',
    );
  });

  it('an unlink the service refuses is shown in the dialog', async () => {
    api();
    auth.getUserIdentities.mockResolvedValue({ data: { identities: [email, google] }, error: null });
    auth.unlinkIdentity.mockResolvedValue({
      data: null,
      error: { name: 'AuthApiError', status: 422, code: 'x', message: 'x' },
    });
    renderAt('/profile/security');
    const accounts = await section('Connected accounts');
    await userEvent.click(await accounts.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Google could not be disconnected. Please try again.',
    );
  });

  it('without Google: not connected, with the way to the profile where it is connected', async () => {
    api();
    renderAt('/profile/security');
    const accounts = await section('Connected accounts');
    expect(await accounts.findByText(/Not connected/)).toBeInTheDocument();
    expect(accounts.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
    expect(accounts.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });
});

describe('/profile/security — languages', () => {
  const keys = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
    );
  const texts = (tree: object): string[] =>
    Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value as object)));

  it('Turkish has every English key, each with a text of its own', () => {
    expect(keys(securityTr).sort()).toEqual(keys(securityEn).sort());
    for (const text of texts(securityTr)) expect(text.trim()).not.toBe('');
  });

  it('shows the page in Turkish', async () => {
    api();
    await act(() => setLanguage('tr'));
    try {
      renderAt('/profile/security');
      expect(await screen.findByRole('heading', { level: 1, name: 'Güvenlik' })).toBeInTheDocument();
      expect(await screen.findByText('Windows üzerinde Chrome')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Diğer tüm oturumları kapat' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Profil' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('device names from a user agent', () => {
  it.each([
    [CHROME_WINDOWS, 'Chrome', 'Windows', false],
    [SAFARI_IPHONE, 'Safari', 'iOS', true],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'Edge',
      'macOS',
      false,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'Linux', false],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'Linux',
      false,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
      true,
    ],
  ])('%s', (userAgent, browser, os, mobile) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, os, mobile });
  });

  it('nothing known: no names', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, mobile: false });
    expect(describeUserAgent('curl/8.0')).toEqual({ browser: null, os: null, mobile: false });
  });
});
