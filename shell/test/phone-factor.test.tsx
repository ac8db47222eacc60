import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAuthClient, session, setLanguage } from '@stockwise/shared';
import { SecondFactorGate } from '../src/app/SecondFactorGate';
import { installMatchMedia, renderWithProviders, tokenFor } from './helpers';

jest.mock('@stockwise/shared', () => {
  const actual = jest.requireActual<typeof import('@stockwise/shared')>('@stockwise/shared');
  return { ...actual, getAuthClient: jest.fn() };
});

// The second sign-in step for a user whose verified factor is a phone: a code is sent to it (a
// challenge) and the code typed answers that challenge.

const PHONE = {
  id: 'phone-1',
  factor_type: 'phone',
  status: 'verified',
  friendly_name: 'Mobile',
  phone: '905551234567',
};

/** `refused`: which sends (1 = the one the step opens with) the service refuses as too soon. */
function mockAuthClient({ refused = [3] }: { refused?: number[] } = {}) {
  let challenges = 0;
  const mfa = {
    getAuthenticatorAssuranceLevel: jest.fn(async () => ({
      data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    })),
    listFactors: jest.fn(async () => ({ data: { all: [PHONE], totp: [], phone: [PHONE] }, error: null })),
    challenge: jest.fn(async ({ factorId }: { factorId: string }) => {
      challenges += 1;
      if (refused.includes(challenges))
        return {
          data: null,
          error: Object.assign(new Error('For security purposes, you can only request this after 37 seconds.'), {
            code: 'over_sms_send_rate_limit',
          }),
        };
      return { data: { id: `challenge-${challenges}`, type: 'phone', factorId }, error: null };
    }),
    verify: jest.fn(async ({ code }: { factorId: string; challengeId: string; code: string }) =>
      code === '246810'
        ? { data: { access_token: 'aal2' }, error: null }
        : {
            data: null,
            error: Object.assign(new Error('Invalid MFA Phone code entered'), { code: 'mfa_verification_failed' }),
          },
    ),
    challengeAndVerify: jest.fn(),
  };
  // As supabase-js: a new listener is told the session held now (INITIAL_SESSION), after the call.
  const onAuthStateChange = (listener: (event: string, session: { access_token: string }) => void) => {
    setTimeout(() => listener('INITIAL_SESSION', { access_token: 'aal1' }), 0);
    return { data: { subscription: { unsubscribe: () => {} } } };
  };
  jest
    .mocked(getAuthClient)
    .mockResolvedValue({ mfa, onAuthStateChange } as unknown as Awaited<ReturnType<typeof getAuthClient>>);
  return mfa;
}

function Workspace() {
  return <h1>Workspace</h1>;
}

describe('the second sign-in step with a phone factor', () => {
  beforeAll(() => installMatchMedia());
  beforeEach(async () => {
    localStorage.clear();
    session.reload();
    await setLanguage('en');
  });

  it('sends a code to the phone once, checks the typed code against that challenge, and opens the workspace', async () => {
    const mfa = mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    renderWithProviders(
      <SecondFactorGate>
        <Workspace />
      </SecondFactorGate>,
      { path: '/dashboard' },
    );
    expect(
      await screen.findByText('We sent a 6-digit code by text message to the phone ending in 4567.'),
    ).toBeInTheDocument();
    expect(mfa.challenge).toHaveBeenCalledTimes(1);
    expect(mfa.challenge).toHaveBeenCalledWith({ factorId: 'phone-1', channel: 'sms' });
    const user = userEvent.setup();
    const code = screen.getByRole('textbox', { name: 'Code from the text message' });
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right, or it has expired. Send a new code if it is old.',
    );
    expect(mfa.verify).toHaveBeenCalledWith({ factorId: 'phone-1', challengeId: 'challenge-1', code: '111111' });

    // A new code: the next try answers the new challenge.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way. Only the newest one works.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(mfa.verify).toHaveBeenLastCalledWith({ factorId: 'phone-1', challengeId: 'challenge-2', code: '246810' });
    expect(mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  it('says how long to wait when codes are asked for too often', async () => {
    mockAuthClient();
    session.setToken(tokenFor('CompanyOwner'));
    renderWithProviders(
      <SecondFactorGate>
        <Workspace />
      </SecondFactorGate>,
      { path: '/dashboard' },
    );
    const user = userEvent.setup();
    await screen.findByText(/phone ending in 4567/);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await screen.findByText('A new code is on its way. Only the newest one works.');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait 37 seconds before asking for another code.');
  });

  it('a first code refused as too soon (a code was just sent): says so, and a later request sends one', async () => {
    const mfa = mockAuthClient({ refused: [1] });
    session.setToken(tokenFor('CompanyOwner'));
    renderWithProviders(
      <SecondFactorGate>
        <Workspace />
      </SecondFactorGate>,
      { path: '/dashboard' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait 37 seconds before asking for another code.');
    expect(screen.getByText('No code has been sent yet. Send one first.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way. Only the newest one works.')).toBeInTheDocument();
    expect(screen.getByText(/phone ending in 4567/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Code from the text message' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(mfa.verify).toHaveBeenCalledWith({ factorId: 'phone-1', challengeId: 'challenge-2', code: '246810' });
  });
});
