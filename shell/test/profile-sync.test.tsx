import { act, render } from '@testing-library/react';
import { api, events, session } from '@stockwise/shared';
import { PROFILE_SYNC_DELAY_MS, useProfileSync } from '../src/features/session';
import { tokenFor } from './helpers';

function Probe() {
  useProfileSync();
  return null;
}

describe('profile sync (spec §§4, 9)', () => {
  const calls: string[] = [];
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    session.reload();
    calls.length = 0;
    api.defaults.adapter = async (config) => {
      calls.push(config.url ?? '');
      return { status: 200, data: { userName: 'ada', firstName: 'Ada' }, statusText: '', headers: {}, config };
    };
  });
  afterEach(() => jest.useRealTimers());

  it('runs 500 ms after the shell loads when signed in', async () => {
    expect(PROFILE_SYNC_DELAY_MS).toBe(500);
    session.setToken(tokenFor('Storekeeper'));
    const updated = jest.fn();
    const off = events.on('profile-updated', updated);
    render(<Probe />);
    await act(async () => jest.advanceTimersByTime(499));
    expect(calls).toEqual([]);
    await act(async () => jest.advanceTimersByTime(1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(calls).toEqual(['/api/auth/getuser']);
    expect(session.get().user).toMatchObject({ firstName: 'Ada' });
    expect(updated).toHaveBeenCalled();
    off();
  });

  it('is skipped when signed out', async () => {
    render(<Probe />);
    await act(async () => jest.advanceTimersByTime(2000));
    expect(calls).toEqual([]);
  });
});
