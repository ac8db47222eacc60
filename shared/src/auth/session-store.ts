import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { STORAGE_KEYS } from './storage-keys';
import type { CachedUser, Subscription } from './types';

// The session lives in localStorage under the entries of spec §3 (token, user, subscription),
// so a reload, a second tab and every remote see the same session. This store is the one way
// to read and write those entries.

export interface SessionState {
  token: string | null;
  user: CachedUser | null;
  subscription: Subscription | null;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function readStored(): SessionState {
  return {
    token: storage()?.getItem(STORAGE_KEYS.token) || null,
    user: readJson<CachedUser>(STORAGE_KEYS.user),
    subscription: readJson<Subscription>(STORAGE_KEYS.subscription),
  };
}

function write(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

export const sessionStore = createStore<SessionState>(() => readStored());

// When this page last saw a session end (a sign-out, a refused token, a refresh refused): a
// protected page's guard then sends the browser to / rather than to /login, and must not race the
// ending's own navigation to / (a router redirect made meanwhile cancels that page load).
let endedAt = 0;

export const session = {
  get: (): SessionState => sessionStore.getState(),
  isAuthenticated: (): boolean => Boolean(sessionStore.getState().token),
  setToken(token: string): void {
    write(STORAGE_KEYS.token, token);
    sessionStore.setState({ token });
  },
  setUser(user: CachedUser): void {
    write(STORAGE_KEYS.user, JSON.stringify(user));
    sessionStore.setState({ user });
  },
  setSubscription(subscription: Subscription | null): void {
    write(STORAGE_KEYS.subscription, subscription ? JSON.stringify(subscription) : null);
    sessionStore.setState({ subscription });
  },
  /** Spec §8's 401 rule: token and user go. */
  clearCredentials(): void {
    if (sessionStore.getState().token) endedAt = Date.now();
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.user, null);
    sessionStore.setState({ token: null, user: null });
  },
  /** Spec §4's logout: token, user and subscription go. */
  clear(): void {
    write(STORAGE_KEYS.subscription, null);
    this.clearCredentials();
    sessionStore.setState({ subscription: null });
  },
  /** Whether a session ended on this page within the last `windowMs`. */
  endedWithin(windowMs: number): boolean {
    return Date.now() - endedAt < windowMs;
  },
  /** Re-reads the entries, e.g. after another tab changed them. */
  reload(): void {
    sessionStore.setState(readStored());
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) session.reload();
  });
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
