import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { api, auth, getAuthClient, session, setLanguage } from '@stockwise/shared';
import { SecondFactorGate } from '../src/app/SecondFactorGate';
import { mockApi } from '../../shared/test/mock-api';
import { installMatchMedia, renderWithProviders, tokenFor } from './helpers';

jest.mock('@stockwise/shared', () => {
  const actual = jest.requireActual<typeof import('@stockwise/shared')>('@stockwise/shared');
  return { ...actual, getAuthClient: jest.fn(), auth: { ...actual.auth, logout: jest.fn() } };
});

const FACTOR = { id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone' };

/** supabase-js's auth client as the step uses it: the assurance level, the factors, the verify. */
function mockAuthClient({ current = 'aal1', next = 'aal2' }: { current?: string | null; next?: string | null } = {}) {
  const listeners: ((event: string) => void)[] = [];
  const mfa = {
    getAuthenticatorAssuranceLevel: jest.fn(async () => ({
      data: { currentLevel: current, nextLevel: next, currentAuthenticationMethods: [] },
      error: null,
    })),
    /** supabase-js announces an auth event to its listeners. */
    announce: (event: string) => listeners.forEach((listener) => listener(event)),
    listFactors: jest.fn(async () => ({ data: { all: [FACTOR], totp: [FACTOR], phone: [] }, error: null })),
    challengeAndVerify: jest.fn(async ({ code }: { factorId: string; code: string }) =>
      code === '123456' || code === 'abcde-23456'
        ? { data: { access_token: 'aal2' }, error: null }
        : {
            data: null,
            error: Object.assign(new Error('Invalid TOTP code entered'), { code: 'mfa_verification_failed' }),
          },
    ),
  };
  const onAuthStateChange = (listener: (event: string) => void) => {
    listeners.push(listener);
    return { data: { subscription: { unsubscribe: () => listeners.splice(listeners.indexOf(listener), 1) } } };
  };
  jest
    .mocked(getAuthClient)
    .mockResolvedValue({ mfa, onAuthStateChange } as unknown as Awaited<ReturnType<typeof getAuthClient>>);
  return mfa;
}

/** A workspace page: what the gate must hold back while the session owes a factor. */
function Workspace({ onMount }: { onMount?: () => void }) {
  useEffect(() => onMount?.(), [onMount]);
  return <h1>Workspace</h1>;
}

function renderGate(onMount?: () => void) {
  return renderWithProviders(
    <SecondFactorGate>
      <Workspace onMount={onMount} />
    </SecondFactorGate>,
    { path: '/dashboard' },
  );
}

describe('the second sign-in step', () => {
  beforeAll(() => installMatchMedia());
  beforeEach(async () => {
    localStorage.clear();
    session.reload();
    jest.mocked(auth.logout).mockReset();
    await setLanguage('en');
  });

  it('shows instead of the workspace when the session is aal1 and the user has a factor', async () => {
    mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Workspace' })).not.toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
  });

  it('lets the workspace show when nothing more is owed', async () => {
    mockAuthClient({ current: 'aal1', next: 'aal1' });
    session.setToken(tokenFor('CompanyOwner'));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('shows once supabase-js takes the session a sign-in stored the token of', async () => {
    // A sign-in stores the token first; supabase-js holds no session yet, then announces SIGNED_IN.
    const mfa = mockAuthClient({ current: null, next: null });
    session.setToken(tokenFor('CompanyOwner'));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    });
    act(() => mfa.announce('SIGNED_IN'));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });

  it('says so when the code is wrong, and stays', async () => {
    const mfa = mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    renderGate();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Try the current one.');
    expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '654321' });
    expect(screen.queryByRole('heading', { name: 'Workspace' })).not.toBeInTheDocument();
  });

  it('verifies a right code against the verified factor, then shows the workspace with fresh data', async () => {
    const mfa = mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    const { client } = renderGate();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(invalidate).toHaveBeenCalled();
  });

  it('does not send a code that is not 6 digits', async () => {
    const mfa = mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    renderGate();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits from your authenticator app.')).toBeInTheDocument();
    expect(mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  it('takes a recovery code in place of the app’s code', async () => {
    const mfa = mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    renderGate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcde-23456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: 'abcde-23456' });
  });

  it('signs out from the step', async () => {
    mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    jest.mocked(auth.logout).mockImplementation(async () => session.clear());
    renderGate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(auth.logout).toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Two-step verification' })).not.toBeInTheDocument(),
    );
  });

  it('shows when an API call is refused with MFA_REQUIRED', async () => {
    // The assurance level says nothing is owed (a factor added in another tab, say); the API knows better.
    mockAuthClient({ current: 'aal1', next: 'aal1' });
    session.setToken(tokenFor('CompanyOwner'));
    mockApi(() => ({
      status: 403,
      data: { message: 'Enter the code from your authenticator app to continue.', code: 'MFA_REQUIRED' },
    }));
    renderGate(() => void api.get('/api/items').catch(() => undefined));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Workspace' })).not.toBeInTheDocument();
  });

  it('asks an Owner whose company requires it to set up two-step verification', async () => {
    mockAuthClient({ current: 'aal1', next: 'aal1' });
    session.setToken(tokenFor('CompanyOwner'));
    mockApi(() => ({
      status: 403,
      data: { message: 'Your company requires two-step verification.', code: 'MFA_ENROLLMENT_REQUIRED' },
    }));
    renderGate(() => void api.get('/api/items').catch(() => undefined));
    expect(
      await screen.findByText(/Your company requires two-step verification for Owners and Admins/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-step verification' })).toHaveAttribute(
      'href',
      '/profile/security',
    );
  });

  it('opens the workspace, read afresh, once the required factor is set up', async () => {
    const mfa = mockAuthClient({ current: 'aal1', next: 'aal1' });
    session.setToken(tokenFor('CompanyOwner'));
    mockApi(() => ({
      status: 403,
      data: { message: 'Your company requires two-step verification.', code: 'MFA_ENROLLMENT_REQUIRED' },
    }));
    const { client } = renderGate(() => void api.get('/api/items').catch(() => undefined));
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    expect(await screen.findByRole('link', { name: 'Set up two-step verification' })).toBeInTheDocument();
    // The first factor's verify on Profile → Security raises the session to aal2.
    mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal2', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    });
    mockApi(() => ({ status: 200, data: {} }));
    act(() => mfa.announce('MFA_CHALLENGE_VERIFIED'));
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalled();
  });

  it('speaks Turkish', async () => {
    mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    await act(async () => {
      await setLanguage('tr');
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'İki adımlı doğrulama' })).toBeInTheDocument();
  });
});
