import type { SupabaseClient } from '@supabase/supabase-js';
import { setAccessTokenSource } from '../api/client';
import { loadEnvironment } from '../api/environment';
import type { HostedSession } from '../api/types';
import { connectSessionStore, currentAccessToken, whileSigningOut } from './session-sync';
import { session, sessionStore } from './session-store';

// The page's one @supabase/supabase-js client, made from GET /api/environment's auth {url, key}.
// Its auth owns the session: it keeps it in localStorage under the spec's key (§9), refreshes it
// on the spec's tick and backoff (supabase-js's own: a 30 s tick, refresh 3 ticks before expiry,
// retries 200 ms × 2^n), stops refreshing while the page is hidden and recovers when it is shown
// (its visibilitychange handling, on with autoRefreshToken in a browser), and keeps every tab in
// step (a BroadcastChannel named after the storage key, and a lock around refreshes). Its storage
// client is the product's file storage too. @stockwise/shared is a federation singleton, so the
// shell and every remote share this one client.

/** Spec §9: the first label of the service's host name plus '-auth-token'. */
export function sessionStorageKey(serviceUrl: string): string {
  return `${new URL(serviceUrl).hostname.split('.')[0]}-auth-token`;
}

let client: Promise<SupabaseClient> | null = null;

async function createHostedClient(): Promise<SupabaseClient> {
  // Read before the first await: a sign-in may store its token while the client is starting.
  const tokenAtPageLoad = session.get().token;
  const [{ createClient }, environment] = await Promise.all([import('@supabase/supabase-js'), loadEnvironment()]);
  const { url, key } = environment.auth;
  const storageKey = sessionStorageKey(url);
  const supabase = createClient(url, key, {
    auth: {
      storageKey,
      persistSession: true,
      autoRefreshToken: true,
      // PKCE for the flows supabase-js starts itself; it does not read the URL on its own, so the
      // product's own OpenID callback page (/auth/callback) is left alone.
      flowType: 'pkce',
      detectSessionInUrl: false,
    },
  });
  connectSessionStore(supabase.auth, storageKey, tokenAtPageLoad);
  return supabase;
}

/** The page's one supabase-js client (made on first use; a failed start is retried on the next). */
export function getSupabaseClient(): Promise<SupabaseClient> {
  if (!client) {
    client = createHostedClient();
    // From now on calls take their token from the session's owner, even while it is starting.
    setAccessTokenSource(() => currentAccessToken(getAuthClient));
    client.catch(() => {
      client = null;
    });
  }
  return client;
}

/** The auth client (`supabase.auth`) of the page's one supabase-js client. */
export async function getAuthClient(): Promise<SupabaseClient['auth']> {
  return (await getSupabaseClient()).auth;
}

/**
 * Starts the session at page load (the shell calls it): the stored session is read, refreshed
 * when due, and its events drive the store from then on. A failure is logged; the stored token
 * keeps working until it expires and the next page load tries again.
 *
 * A visitor with no session has nothing to read or refresh, and supabase-js is the largest
 * library the sign-in page would run before it can be used: it starts when a session appears
 * instead — a sign-in on this page (adoptSession), or in another tab (the store's entries).
 */
export function startHostedSession(): void {
  const start = () =>
    void getSupabaseClient().catch((error: unknown) => console.error('[auth] the session could not be started', error));
  if (hasStoredSession()) return start();
  const unsubscribe = sessionStore.subscribe((state) => {
    if (!state.token) return;
    unsubscribe();
    start();
  });
}

/** The product's token, or a session supabase-js kept (an interrupted sign-out it must end). */
function hasStoredSession(): boolean {
  if (session.get().token) return true;
  try {
    return Object.keys(globalThis.localStorage ?? {}).some((key) => key.endsWith('-auth-token'));
  } catch {
    return false;
  }
}

/**
 * A session a sign-in call answered (the spec's login, Google sign-in, a registration) becomes the
 * client's: from now on supabase-js refreshes it (SIGNED_IN in every tab).
 */
export async function adoptSession(session: HostedSession): Promise<void> {
  const auth = await getAuthClient();
  const { error } = await auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (error) throw error;
}

/**
 * Spec §§4 and 8: a sign-out ends the session on the server — every session of the user (scope
 * global, the default) — and here. supabase-js ignores 401, 403 and 404 (the session was over
 * already) and clears its copy; any other failure still clears it here. `clearEntries` runs first,
 * so the page reacts at once.
 */
export function signOutEverywhere(clearEntries: () => void): Promise<void> {
  return whileSigningOut(async () => {
    clearEntries();
    try {
      const auth = await getAuthClient();
      const { error } = await auth.signOut();
      if (error) await auth.signOut({ scope: 'local' });
    } catch (error) {
      console.error('[auth] sign-out did not reach the server', error);
    }
  });
}
