import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { setAccessTokenSource, setSessionLostHandler } from '../src/api/client';
import { sessionStorageKey } from '../src/auth/hosted-client';
import { applyAuthEvent, connectSessionStore, currentAccessToken, whileSigningOut } from '../src/auth/session-sync';
import { session } from '../src/auth/session-store';
import { mockApi } from './mock-api';
import { makeToken } from './token';

// The real supabase-js auth client against a GoTrue stand-in (its fetch): its own events must keep
// the spec's entries (token, user, subscription) in step with the session it owns.

const URL_ = 'https://stockwise.example.com';
const KEY = 'sb_publishable_test';
const now = () => Math.floor(Date.now() / 1000);
// supabase-js checks the JWT's parts are base64url (makeToken's 'signature' part is not, in length).
const accessToken = (n: number, ttl = 3600) =>
  makeToken({ sub: 'u1', session_id: 's1', role: 'authenticated', exp: now() + ttl, n }).replace(
    /\.signature$/,
    '.c2lnbmF0dXJl',
  );
const gotrueUser = { id: 'u1', aud: 'authenticated', email: 'ada@example.com', app_metadata: {}, user_metadata: {} };

interface Gotrue {
  calls: string[];
  refreshes: number;
  logoutStatus: number;
  /** The session was ended on the server (signed out everywhere from another device). */
  ended: boolean;
}

function fakeGotrue(): { gotrue: Gotrue; fetch: typeof fetch } {
  const gotrue: Gotrue = { calls: [], refreshes: 0, logoutStatus: 204, ended: false };
  // jsdom has no Response: what supabase-js reads of one.
  const json = (status: number, body: unknown) =>
    ({
      ok: status < 300,
      status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      json: async () => body,
      text: async () => (body === null ? '' : JSON.stringify(body)),
    }) as unknown as Response;
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    gotrue.calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (url.pathname === '/auth/v1/user') return json(200, gotrueUser);
    if (url.pathname === '/auth/v1/token') {
      if (gotrue.ended)
        return json(400, {
          code: 'refresh_token_not_found',
          error_code: 'refresh_token_not_found',
          msg: 'Invalid Refresh Token: Refresh Token Not Found',
        });
      gotrue.refreshes += 1;
      return json(200, {
        access_token: accessToken(100 + gotrue.refreshes),
        refresh_token: `refresh-${gotrue.refreshes}`,
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: now() + 3600,
        user: gotrueUser,
      });
    }
    if (url.pathname === '/auth/v1/logout')
      return json(gotrue.logoutStatus, gotrue.logoutStatus === 204 ? null : { message: 'x' });
    return json(404, { message: 'Not Found' });
  };
  return { gotrue, fetch: fake as typeof fetch };
}

const KEY_NAME = sessionStorageKey(URL_);
let supabase: SupabaseClient;
let gotrue: Gotrue;
let fakeFetch: typeof fetch;
let disconnect: () => void;
const lost = jest.fn();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  session.reload();
  lost.mockReset();
  setSessionLostHandler(lost);
  const fake = fakeGotrue();
  gotrue = fake.gotrue;
  fakeFetch = fake.fetch;
  supabase = createClient(URL_, KEY, {
    auth: { storageKey: sessionStorageKey(URL_), autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fake.fetch },
  });
});
afterEach(() => {
  disconnect?.();
  setAccessTokenSource(() => session.get().token);
});

/** Signs in the way the sign-in flows do: the entries first, then the session to supabase-js. */
async function signIn() {
  const token = accessToken(1);
  session.setToken(token);
  session.setUser({ userName: 'ada' });
  session.setSubscription({ status: 0, plan: null });
  const { error } = await supabase.auth.setSession({ access_token: token, refresh_token: 'refresh-0' });
  expect(error).toBeNull();
  return token;
}

describe('the session store follows the supabase-js session (spec §4 hosted session events)', () => {
  it('stores the session under the spec’s key: the first label of the host name plus -auth-token', async () => {
    expect(sessionStorageKey('https://stockwise.example.com')).toBe('stockwise-auth-token');
    expect(sessionStorageKey('http://localhost:8080')).toBe('localhost-auth-token');
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    await signIn();
    expect(JSON.parse(localStorage.getItem('stockwise-auth-token')!)).toMatchObject({ refresh_token: 'refresh-0' });
  });

  it('TOKEN_REFRESHED: the stored token becomes the new access token; user and subscription stay', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    const first = await signIn();
    const { data } = await supabase.auth.refreshSession();
    expect(data.session!.access_token).not.toBe(first);
    expect(localStorage.getItem('token')).toBe(data.session!.access_token);
    expect(session.get().token).toBe(data.session!.access_token);
    expect(session.get().user).toEqual({ userName: 'ada' });
    expect(session.get().subscription).toEqual({ status: 0, plan: null });
    expect(lost).not.toHaveBeenCalled();
  });

  it('a refresh the server refuses once the access token has expired (the session was ended elsewhere) signs the page out and sends it to /', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    const expired = accessToken(1, -10);
    session.setToken(expired);
    session.setUser({ userName: 'ada' });
    session.setSubscription({ status: 0, plan: null });
    gotrue.ended = true;
    const { error } = await supabase.auth.setSession({ access_token: expired, refresh_token: 'refresh-0' });
    expect(error?.code).toBe('refresh_token_not_found');
    await flush();
    expect(['token', 'user', 'subscription'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('SIGNED_OUT elsewhere (another tab, a refused refresh): token, user and subscription go, and the browser goes to /', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    await signIn();
    applyAuthEvent(supabase.auth, 'SIGNED_OUT', null);
    expect(['token', 'user', 'subscription'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('INITIAL_SESSION without a session ends the stored one; a sign-in since the page loaded is kept', async () => {
    session.setToken(accessToken(1));
    disconnect = connectSessionStore(supabase.auth, KEY_NAME); // nothing in supabase-js's storage
    await flush();
    await supabase.auth.getSession(); // initialised, INITIAL_SESSION delivered
    await flush();
    expect(session.get().token).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);

    lost.mockReset();
    disconnect();
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    session.setToken(accessToken(2)); // signed in after the client started
    applyAuthEvent(supabase.auth, 'INITIAL_SESSION', null);
    expect(session.get().token).not.toBeNull();
    expect(lost).not.toHaveBeenCalled();
  });

  it('a sign-in answered while the client is still starting is kept when the client finds no stored session', async () => {
    // The page loaded signed out; the sign-in's token reached the entries before the client had
    // connected (its start waits for the environment call, slow on a busy server).
    const tokenAtPageLoad = session.get().token;
    const signedIn = accessToken(3);
    session.setToken(signedIn);
    disconnect = connectSessionStore(supabase.auth, KEY_NAME, tokenAtPageLoad);
    await flush();
    await supabase.auth.getSession(); // initialised, INITIAL_SESSION (no session) delivered
    await flush();
    expect(session.get().token).toBe(signedIn);
    expect(lost).not.toHaveBeenCalled();
  });

  it('a reload finding a session the entries no longer hold (an interrupted sign-out) ends it, never signs back in', async () => {
    await signIn();
    session.clear();
    // The next page: a new client reads the stored session (and announces it as SIGNED_IN first).
    const reloaded = createClient(URL_, KEY, {
      auth: { storageKey: KEY_NAME, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fakeFetch },
    });
    disconnect = connectSessionStore(reloaded.auth, KEY_NAME);
    await reloaded.auth.getSession();
    for (let i = 0; i < 5; i++) await flush();
    expect(session.get().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(gotrue.calls).toContain('POST /auth/v1/logout?scope=local');
    expect(localStorage.getItem(KEY_NAME)).toBeNull();
  });

  it('USER_UPDATED keeps the new token and re-reads the cached user', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    await signIn();
    const calls = mockApi(() => ({ status: 200, data: { userName: 'ada', firstName: 'Augusta' } }));
    const updated = accessToken(7);
    applyAuthEvent(supabase.auth, 'USER_UPDATED', { access_token: updated });
    expect(session.get().token).toBe(updated);
    await flush();
    await flush();
    expect(calls.map((c) => c.url)).toContain('/api/auth/getuser');
    expect(session.get().user).toMatchObject({ firstName: 'Augusta' });
  });

  it('the 401 rule clearing the entries drops supabase-js’s copy too, so a reload cannot bring it back', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    await signIn();
    session.clearCredentials();
    // Gone before the 401 rule's navigation can load the next page.
    expect(localStorage.getItem(KEY_NAME)).toBeNull();
    await flush();
    await flush();
    await flush();
    expect(localStorage.getItem(KEY_NAME)).toBeNull();
    expect(session.get().token).toBeNull();
  });

  it('this tab’s own sign-out neither redirects nor signs out a second time', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    await signIn();
    await whileSigningOut(async () => {
      session.clear();
      await supabase.auth.signOut();
    });
    await flush();
    expect(gotrue.calls.filter((c) => c.startsWith('POST /auth/v1/logout'))).toEqual([
      'POST /auth/v1/logout?scope=global',
    ]);
    expect(lost).not.toHaveBeenCalled();
  });
});

describe('the token each API call carries', () => {
  it('is the stored token while it has time left, with no call to the auth service', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    const token = await signIn();
    const before = gotrue.calls.length;
    await expect(currentAccessToken(async () => supabase.auth)).resolves.toBe(token);
    expect(gotrue.calls.length).toBe(before);
  });

  it('is refreshed first when the stored one is about to expire (a hidden tab, a page opened after a pause)', async () => {
    disconnect = connectSessionStore(supabase.auth, KEY_NAME);
    const expiring = accessToken(1, 30);
    session.setToken(expiring);
    await supabase.auth.setSession({ access_token: expiring, refresh_token: 'refresh-0' });
    const fresh = await currentAccessToken(async () => supabase.auth);
    expect(fresh).not.toBe(expiring);
    expect(gotrue.refreshes).toBe(1);
    expect(session.get().token).toBe(fresh);
  });

  it('is none when signed out', async () => {
    await expect(currentAccessToken(async () => supabase.auth)).resolves.toBeNull();
  });
});
