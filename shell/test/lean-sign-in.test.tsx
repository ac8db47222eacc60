import { act, screen } from '@testing-library/react';
import { events, getAuthClient, session } from '@stockwise/shared';
import { SecondFactorGate } from '../src/app/SecondFactorGate';
import { installMatchMedia, renderWithProviders, tokenFor } from './helpers';

// Counts the evaluations of the second sign-in step's module (its form: react-hook-form, zod, MUI's
// inputs): a sign-in page runs the shell before it can be used, and has no factor to ask for. A
// global, since the factory may run while this file's imports are evaluated, before its body.
type Counted = { secondFactorStepEvaluations?: number };
const stepEvaluations = () => (globalThis as Counted).secondFactorStepEvaluations ?? 0;
jest.mock('../src/features/second-factor/SecondFactorStep', () => {
  const counted = globalThis as Counted;
  counted.secondFactorStepEvaluations = (counted.secondFactorStepEvaluations ?? 0) + 1;
  return jest.requireActual('../src/features/second-factor/SecondFactorStep');
});

jest.mock('@stockwise/shared', () => {
  const actual = jest.requireActual<typeof import('@stockwise/shared')>('@stockwise/shared');
  return { ...actual, getAuthClient: jest.fn() };
});

describe('the shell on a sign-in page', () => {
  beforeAll(() => installMatchMedia());
  beforeEach(() => {
    localStorage.clear();
    session.reload();
  });

  it('shows the page without running the second sign-in step, and runs it once a factor is owed', async () => {
    renderWithProviders(
      <SecondFactorGate>
        <h1>Sign in</h1>
      </SecondFactorGate>,
      { path: '/login' },
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(stepEvaluations()).toBe(0);

    // Signed in, and the API says the session owes its second factor: the step comes.
    jest.mocked(getAuthClient).mockRejectedValue(new Error('offline'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    act(() => session.setToken(tokenFor('CompanyOwner')));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    act(() => events.emit('second-factor-due', { code: 'MFA_REQUIRED' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(stepEvaluations()).toBe(1);
  }, 30_000); // transpiling the step's modules on first import is slow on a busy machine
});
