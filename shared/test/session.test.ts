import { session, sessionStore } from '../src/auth/session-store';

describe('session store (spec §§3-4)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reload();
  });

  it('writes token, user and subscription to their local entries', () => {
    session.setToken('t1');
    session.setUser({ userName: 'ada' });
    session.setSubscription({ status: 0, plan: null });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({ userName: 'ada' });
    expect(JSON.parse(localStorage.getItem('subscription') ?? 'null')).toEqual({ status: 0, plan: null });
    expect(session.isAuthenticated()).toBe(true);
  });

  it('logout removes token, user and subscription', () => {
    session.setToken('t1');
    session.setUser({ userName: 'ada' });
    session.setSubscription({ status: 0, plan: null });
    session.clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('subscription')).toBeNull();
    expect(sessionStore.getState()).toEqual({ token: null, user: null, subscription: null });
  });

  it('the 401 rule keeps the subscription entry', () => {
    session.setToken('t1');
    session.setSubscription({ status: 0, plan: null });
    session.clearCredentials();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('subscription')).not.toBeNull();
  });

  it('reads what another tab stored and survives a corrupt entry', () => {
    localStorage.setItem('token', 'from-other-tab');
    localStorage.setItem('user', '{not json');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(session.get().token).toBe('from-other-tab');
    expect(session.get().user).toBeNull();
  });
});
