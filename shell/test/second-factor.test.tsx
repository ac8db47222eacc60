import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { api, auth, events, getAuthClient, session, setLanguage } from '@stockwise/shared';
import { SecondFactorGate } from '../src/app/SecondFactorGate';
import { mockApi } from '../../shared/test/mock-api';
import { installMatchMedia, renderWithProviders, tokenFor } from './helpers';

jest.mock('@stockwise/shared', () => {
  const actual = jest.requireActual<typeof import('@stockwise/shared')>('@stockwise/shared');
  return { ...actual, getAuthClient: jest.fn(), auth: { ...actual.auth, logout: jest.fn() } };
});

const FACTOR = { id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Phone' };

/** supabase-js's auth client as the step uses it: the assurance level, the factors, the verify. */
function mockAuthClient({
  current = 'aal1',
  next = 'aal2',
  held = current !== null,
}: { current?: string | null; next?: string | null; held?: boolean } = {}) {
  type Listener = (event: string, session: { access_token: string } | null) => void;
  const listeners: Listener[] = [];
  // The session supabase-js holds: none until a sign-in hands it one (SIGNED_IN).
  let holds = held;
  const mfa = {
    getAuthenticatorAssuranceLevel: jest.fn(async () => ({
      data: { currentLevel: current, nextLevel: next, currentAuthenticationMethods: [] },
      error: null,
    })),
    /** supabase-js announces an auth event to its listeners. */
    announce: (event: string) => {
      if (event === 'SIGNED_IN') holds = true;
      listeners.forEach((listener) => listener(event, holds ? { access_token: 'aal1' } : null));
    },
    // As supabase-js: the factors are the held session's user's; without one, "Auth session missing!".
    listFactors: jest.fn(async () =>
      holds
        ? { data: { all: [FACTOR], totp: [FACTOR], phone: [] }, error: null }
        : { data: null, error: Object.assign(new Error('Auth session missing!'), { name: 'AuthSessionMissingError' }) },
    ),
    challengeAndVerify: jest.fn(async ({ code }: { factorId: string; code: string }) =>
      code === '123456' || code === 'abcde-23456'
        ? { data: { access_token: 'aal2' }, error: null }
        : {
            data: null,
            error: Object.assign(new Error('Invalid TOTP code entered'), { code: 'mfa_verification_failed' }),
          },
    ),
  };
  // As supabase-js: a new listener is told the session held now (INITIAL_SESSION), after the call.
  const onAuthStateChange = (listener: Listener) => {
    listeners.push(listener);
    setTimeout(() => listener('INITIAL_SESSION', holds ? { access_token: 'aal1' } : null), 0);
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

  it('opened by an API refusal before supabase-js holds the session, asks for the factor once it does', async () => {
    // The sign-in stored its token and a screen's call was refused with MFA_REQUIRED while
    // supabase-js was still taking the session: the step must not say the code cannot be checked.
    const mfa = mockAuthClient({ current: null, next: null });
    session.setToken(tokenFor('CompanyOwner'));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    act(() => events.emit('second-factor-due', { code: 'MFA_REQUIRED' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mfa.listFactors).not.toHaveBeenCalled();
    act(() => mfa.announce('SIGNED_IN'));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(screen.queryByText('The code could not be checked. Try again in a moment.')).not.toBeInTheDocument();
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
