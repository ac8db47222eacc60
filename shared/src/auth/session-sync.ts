import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { sessionLost } from '../api/client';
import { events } from '../events/bus';
import { tokenExpiry } from './has-role';
import { syncProfile } from './profile';
import { session, sessionStore } from './session-store';

// The page's supabase-js client owns the session (refresh, expiry, tabs); the spec's local
// entries (token, user, subscription) follow it, so the shell, every remote and the API client —
// which all read the session store — always hold the current access token.

type Auth = SupabaseClient['auth'];
/** What of a supabase-js session the store needs. */
type SessionLike = Pick<Session, 'access_token'> | null;

/**
 * supabase-js refreshes a session this long before it expires (3 ticks of 30 s, spec §9), and so
 * does getSession(). A call whose stored token is closer to its end than this asks for a new one.
 */
export const EXPIRY_MARGIN_MS = 3 * 30_000;

// This tab's own sign-out in progress: the entries were cleared on purpose, so neither a redirect
// nor a second, local sign-out follows.
let signingOut = 0;
// The stored token when the client was connected: what INITIAL_SESSION speaks about.
let tokenAtStart: string | null = null;
// INITIAL_SESSION has been delivered: the client has read what it found at page load.
let initialised = false;

/** Runs this tab's own sign-out. */
export async function whileSigningOut<T>(work: () => Promise<T>): Promise<T> {
  signingOut += 1;
  try {
    return await work();
  } finally {
    signingOut -= 1;
  }
}

/**
 * One auth event applied to the store.
 * - A session (INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY,
 *   MFA_CHALLENGE_VERIFIED): its access token becomes the stored token. USER_UPDATED also re-reads
 *   the cached user (spec §4's user update).
 * - No session where the entries still hold one (INITIAL_SESSION: it ended while the page was
 *   closed; SIGNED_OUT: signed out in another tab, or a refresh was refused): the entries are
 *   cleared and the browser leaves for /, as after any 401 (spec §8).
 * - At page load, a session the entries no longer hold (a sign-out or a 401 interrupted by the
 *   tab closing) is ended: the entries are what "signed in" means (spec §4).
 */
export function applyAuthEvent(auth: Auth, event: AuthChangeEvent, current: SessionLike): void {
  const stored = session.get().token;
  if (current?.access_token) {
    // supabase-js announces the stored session (SIGNED_IN) while it starts, before INITIAL_SESSION:
    // one the entries do not hold is not a sign-in, and INITIAL_SESSION ends it.
    if (!initialised && event !== 'INITIAL_SESSION' && !stored) return;
    if (event === 'INITIAL_SESSION') initialised = true;
    if (event === 'INITIAL_SESSION' && !stored) {
      void auth.signOut({ scope: 'local' });
      return;
    }
    if (stored !== current.access_token) session.setToken(current.access_token);
    // Not inside supabase-js's callback: the profile read goes through the API client, which may
    // ask supabase-js for the session.
    if (event === 'USER_UPDATED') setTimeout(() => void syncProfile(), 0);
    return;
  }
  if (event === 'INITIAL_SESSION') initialised = true;
  if (event !== 'INITIAL_SESSION' && event !== 'SIGNED_OUT') return;
  if (!stored || signingOut > 0) return;
  // A sign-in since the page loaded is not what the client found missing at start.
  if (event === 'INITIAL_SESSION' && stored !== tokenAtStart) return;
  // The client has no session left: nothing for the store's watcher to sign out.
  signingOut += 1;
  try {
    session.clear();
  } finally {
    signingOut -= 1;
  }
  events.emit('profile-updated');
  sessionLost();
}

/**
 * The token for the next call: the stored one while it has time left; else (a tab whose refresh
 * timer was stopped while hidden, a page opened after a pause) supabase-js's current session,
 * refreshed first when needed — one refresh however many calls wait for it.
 */
export async function currentAccessToken(auth: () => Promise<Auth>, now = Date.now()): Promise<string | null> {
  const stored = session.get().token;
  if (!stored) return null;
  const exp = tokenExpiry(stored);
  if (exp === null || exp * 1000 - now > EXPIRY_MARGIN_MS) return stored;
  try {
    // At page load the client may still be starting: the call waits for it, not for a 401.
    const { data } = await (await auth()).getSession();
    return data.session?.access_token ?? stored;
  } catch {
    return stored; // the API is the judge: a refused token answers 401 and ends the session
  }
}

/**
 * Connects the store to the client: auth events drive the entries, and entries cleared by the
 * 401 rule drop the client's copy of the session too (kept under `storageKey`; the API already
 * refused the token), so a reload does not bring a refused session back. `tokenAtPageLoad` is the
 * stored token when the client began to start: a sign-in answered while it was still starting
 * (its start waits for the environment call) is not what INITIAL_SESSION finds missing. Answers
 * the function that disconnects.
 */
export function connectSessionStore(
  auth: Auth,
  storageKey: string,
  tokenAtPageLoad: string | null = session.get().token,
): () => void {
  tokenAtStart = tokenAtPageLoad;
  initialised = false;
  const { data } = auth.onAuthStateChange((event, current) => applyAuthEvent(auth, event, current));
  const unwatch = sessionStore.subscribe((state, before) => {
    if (!before.token || state.token || signingOut > 0) return;
    // At once, not after supabase-js's call to the server: the 401 rule navigates away next, and
    // the next page must not find the refused session (signOut then only announces SIGNED_OUT).
    try {
      globalThis.localStorage?.removeItem(storageKey);
    } catch {
      /* no storage: nothing kept */
    }
    void auth.signOut({ scope: 'local' });
  });
  return () => {
    data.subscription.unsubscribe();
    unwatch();
  };
}
