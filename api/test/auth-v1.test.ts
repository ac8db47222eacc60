import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { ROLE_CLAIM } from '../src/modules/auth/tokens.js';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  lastMail,
  PASSWORD,
  registerCompany,
  signedToken,
  signIn,
  testApp,
  type Tenant,
  type TestContext,
} from './helpers.js';
import { scriptClient } from './supabase-client.js';

// The auth service at /auth/v1 driven by the real supabase-js, as any script or app would: the
// key and URL from /api/environment, sessions that rotate, end, and are refused by /api at once.

let ctx: TestContext;
let base: string;
let key: string;

beforeAll(async () => {
  // A one-second reuse interval: a used refresh token is "old" after 1 s instead of 10.
  ctx = await testApp({ REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: '1' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address() as { port: number };
  const environment = (await ctx.app.inject({ url: '/api/environment' })).json();
  key = environment.auth.key;
  // The environment names the public URL (the gateway); this test talks to the API directly.
  expect(environment.auth.url).toBe('http://localhost:8080');
  base = `http://127.0.0.1:${address.port}`;
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await closeShared();
});

/** A supabase-js client as a script would make one: no storage of its own, no timers. */
const client = (): SupabaseClient => scriptClient(base, key);

async function signedIn(t: { email: string }, password = PASSWORD) {
  const supabase = client();
  const { data, error } = await supabase.auth.signInWithPassword({ email: t.email, password });
  expect(error).toBeNull();
  return { supabase, session: data.session! };
}

/** What /api answers a token: 200, or 401 once its session has ended. */
const apiStatus = async (token: string, on: TestContext = ctx) =>
  (await on.app.inject({ url: '/api/auth/getuser', headers: bearer(token) })).statusCode;

const refresh = (refreshToken: string) => client().auth.refreshSession({ refresh_token: refreshToken });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sign-in', () => {
  test('supabase-js signs in with a password; the access token carries GoTrue’s claims and ours and opens /api', async () => {
    const t = await registerCompany(ctx.app);
    const { supabase, session } = await signedIn(t);
    expect(session.token_type).toBe('bearer');
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(12);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(session.user.email).toBe(t.email);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: t.userId,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: t.email,
      company_id: t.companyId,
      unique_name: t.userName,
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    });
    expect(claims[ROLE_CLAIM]).toEqual(['Admin', 'Company Owner']);
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: t.userId, email: t.email, aud: 'authenticated' });
    expect(data.user!.app_metadata).toMatchObject({ company_id: t.companyId, roles: ['Admin', 'Company Owner'] });
    expect(await apiStatus(session.access_token)).toBe(200);
  });

  test('a wrong password, an unknown grant and a missing key answer GoTrue’s errors', async () => {
    const t = await registerCompany(ctx.app);
    const { error } = await client().auth.signInWithPassword({ email: t.email, password: 'not-the-password' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const grant = await fetch(`${base}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'unsupported_grant_type' });
    const keyless = await fetch(`${base}/auth/v1/settings`);
    expect(keyless.status).toBe(401);
    const wrongKey = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: 'sb_publishable_someone_else' } });
    expect(wrongKey.status).toBe(401);
    const settings = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: key } });
    expect(await settings.json()).toMatchObject({ disable_signup: true, external: { email: true } });
    const signUp = await client().auth.signUp({ email: `new-${t.email}`, password: PASSWORD });
    expect(signUp.error).toMatchObject({ status: 422, code: 'signup_disabled' });
  });

  test('malformed bodies are 4xx in GoTrue’s shape, never 5xx', async () => {
    const bodies = [
      '{',
      '[]',
      '{"email": 1, "password": "x"}',
      '{"email": "a@b.c"}',
      '{"phone": "123", "password": "x"}',
      '{"email": "a@b.c", "password": "x", "extra": true}',
      '{"refresh_token": "short"}',
      `{"email": "${'a'.repeat(400)}@b.c", "password": "x"}`,
    ];
    for (const grant of ['password', 'refresh_token']) {
      for (const body of bodies) {
        const res = await fetch(`${base}/auth/v1/token?grant_type=${grant}`, {
          method: 'POST',
          headers: { apikey: key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
          body,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const answer = (await res.json()) as { code: unknown };
        expect(typeof answer.code).toBe('string');
        expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      }
    }
  });
});

describe('refresh', () => {
  test('every refresh rotates the token; the active token’s parent still answers the active one', async () => {
    const t = await registerCompany(ctx.app);
    const { session } = await signedIn(t);
    const first = await refresh(session.refresh_token);
    expect(first.error).toBeNull();
    const r1 = first.data.session!.refresh_token;
    expect(r1).not.toBe(session.refresh_token);
    expect(decodeJwt(first.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    // The client lost the answer and sends the old token again, even after the reuse interval.
    await pause(1100);
    const again = await refresh(session.refresh_token);
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(r1);
    const second = await refresh(r1);
    expect(second.error).toBeNull();
    expect(second.data.session!.refresh_token).not.toBe(r1);
    expect(await apiStatus(second.data.session!.access_token)).toBe(200);
  });

  test('a used token replayed after the reuse interval ends the whole session', async () => {
    const t = await registerCompany(ctx.app);
    const { session } = await signedIn(t);
    const r1 = (await refresh(session.refresh_token)).data.session!.refresh_token;
    const latest = (await refresh(r1)).data.session!;
    await pause(1100);
    // The first token is neither active nor the active one's parent: a replay.
    const replay = await refresh(session.refresh_token);
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // Every token of the session is refused now: refresh and access alike.
    expect((await refresh(latest.refresh_token)).error).toMatchObject({ code: 'refresh_token_not_found' });
    expect(await apiStatus(latest.access_token)).toBe(401);
    expect(await apiStatus(session.access_token)).toBe(401);
  });

  test('within the reuse interval a used token is accepted again (concurrent tabs)', async () => {
    // GoTrue's 10 s interval: the steps below take well under that even on a loaded machine.
    const tabs = await testApp({ REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: '10' });
    try {
      await tabs.app.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(tabs.app.server.address() as { port: number }).port}`;
      const on = () => scriptClient(at, key);
      const t = await registerCompany(tabs.app);
      const { data } = await on().auth.signInWithPassword({ email: t.email, password: PASSWORD });
      const r0 = data.session!.refresh_token;
      const r1 = (await on().auth.refreshSession({ refresh_token: r0 })).data.session!.refresh_token;
      const r2 = (await on().auth.refreshSession({ refresh_token: r1 })).data.session!.refresh_token;
      // r0 is not r2's parent, but it was used moments ago: another tab, not a thief.
      const late = await on().auth.refreshSession({ refresh_token: r0 });
      expect(late.error).toBeNull();
      expect(late.data.session!.refresh_token).not.toBe(r2);
      // Asked of the app that signed it: on the embedded database each data folder has its own key.
      expect(await apiStatus(late.data.session!.access_token, tabs)).toBe(200);
    } finally {
      await tabs.close();
    }
  });
});

describe('sign-out and the events that end sessions', () => {
  test('global sign-out (the default) ends every session of the user: /api refuses their tokens at once', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t);
    const b = await signedIn(t);
    const spec = await signIn(ctx.app, t.userName);
    expect(await apiStatus(b.session.access_token)).toBe(200);
    expect(await apiStatus(spec.token)).toBe(200);
    expect((await a.supabase.auth.signOut()).error).toBeNull();
    expect(await apiStatus(a.session.access_token)).toBe(401);
    expect(await apiStatus(b.session.access_token)).toBe(401);
    const res = await ctx.app.inject({ url: '/api/items', headers: bearer(spec.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
    expect((await refresh(b.session.refresh_token)).error).toMatchObject({ code: 'refresh_token_not_found' });
    const { error } = await b.supabase.auth.getUser();
    expect(error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  test('sign-out of the others keeps this session; local sign-out ends only this one', async () => {
    const t = await registerCompany(ctx.app);
    const [a, b, c] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    expect((await b.supabase.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await apiStatus(a.session.access_token)).toBe(401);
    expect(await apiStatus(c.session.access_token)).toBe(401);
    expect(await apiStatus(b.session.access_token)).toBe(200);
    const d = await signedIn(t);
    expect((await b.supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await apiStatus(b.session.access_token)).toBe(401);
    expect(await apiStatus(d.session.access_token)).toBe(200);
  });

  test('the spec’s login keeps token and user and hands supabase-js the session: short-lived, refreshable, one session', async () => {
    const t = await registerCompany(ctx.app);
    const spec = (await signIn(ctx.app, t.userName)) as Awaited<ReturnType<typeof signIn>> & {
      session: {
        access_token: string;
        refresh_token: string;
        expires_in: number;
        expires_at: number;
        token_type: string;
      };
    };
    const claims = decodeJwt(spec.token);
    // The auth service's lifetime (ACCESS_TOKEN_TTL_SECONDS, 1 h here), not a long sign-in token.
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    expect(spec.session).toMatchObject({ access_token: spec.token, token_type: 'bearer', expires_in: 3600 });
    expect(Math.abs(spec.session.expires_at - claims.exp!)).toBeLessThanOrEqual(1);
    // A browser's supabase-js takes the session over and refreshes it: the same session goes on.
    const supabase = client();
    const { data, error } = await supabase.auth.setSession({
      access_token: spec.session.access_token,
      refresh_token: spec.session.refresh_token,
    });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(t.email);
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(claims.session_id);
    expect(await apiStatus(refreshed.data.session!.access_token)).toBe(200);
    // Signing out through the auth service (global, the spec's default) ends it: the spec's token is refused too.
    expect((await supabase.auth.signOut()).error).toBeNull();
    expect(await apiStatus(spec.token)).toBe(401);
    expect(await apiStatus(refreshed.data.session!.access_token)).toBe(401);
  });

  test('changing the password needs the current one and ends the other sessions', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t);
    const b = await signedIn(t);
    const missing = await a.supabase.auth.updateUser({ password: 'a-new-password-1' });
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await a.supabase.auth.updateUser({ password: 'a-new-password-1', current_password: 'nope-nope' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    const same = await a.supabase.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const short = await a.supabase.auth.updateUser({ password: 'short', current_password: PASSWORD });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(await apiStatus(b.session.access_token)).toBe(200);
    const done = await a.supabase.auth.updateUser({ password: 'a-new-password-1', current_password: PASSWORD });
    expect(done.error).toBeNull();
    expect(await apiStatus(b.session.access_token)).toBe(401);
    expect(await apiStatus(a.session.access_token)).toBe(200);
    expect((await client().auth.signInWithPassword({ email: t.email, password: PASSWORD })).error).not.toBeNull();
    await signedIn(t, 'a-new-password-1');
  });

  test('a password reset ends every session', async () => {
    const t = await registerCompany(ctx.app);
    const a = await signedIn(t);
    const spec = await signIn(ctx.app, t.userName);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: ip(),
      payload: { email: t.email },
    });
    const token = /token=([\w-]+)/.exec((await lastMail(ctx.app, t.email))!.text)![1]!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: ip(),
      payload: { email: t.email, token, newPassword: 'reset-password-1', confirmPassword: 'reset-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await apiStatus(a.session.access_token)).toBe(401);
    expect(await apiStatus(spec.token)).toBe(401);
    expect((await refresh(a.session.refresh_token)).error).toMatchObject({ code: 'refresh_token_not_found' });
  });

  test('deactivating a user and taking a role end their sessions', async () => {
    const owner = await registerCompany(ctx.app);
    const clerk = await addUser(ctx.app, owner, ['Storekeeper', 'Rapid Seller']);
    const first = await signedIn(clerk);
    const setRoles = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${clerk.userId}/roles`,
      headers: bearer(owner.token),
      payload: { roles: ['Storekeeper'] },
    });
    expect(setRoles.statusCode).toBe(200);
    expect(await apiStatus(first.session.access_token)).toBe(401);
    expect(await apiStatus(owner.token)).toBe(200);
    const second = await signedIn(clerk);
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${clerk.userId}/deactivate`,
      headers: bearer(owner.token),
    });
    expect(off.statusCode).toBe(200);
    expect((await refresh(second.session.refresh_token)).error).toMatchObject({ status: 400 });
    const res = await fetch(`${base}/auth/v1/user`, {
      headers: { apikey: key, ...bearer(second.session.access_token) },
    });
    expect(res.status).toBe(403);
  });
});

describe('hostile tokens', () => {
  const userEndpoint = (token: string) => fetch(`${base}/auth/v1/user`, { headers: { apikey: key, ...bearer(token) } });

  test('edited payloads, other algorithms, another session’s id and an ended session are refused', async () => {
    const t: Tenant = await registerCompany(ctx.app);
    const other = await registerCompany(ctx.app);
    const mine = (await signedIn(t)).session.access_token;
    const theirs = (await signedIn(other)).session.access_token;
    const [header, payload, signature] = mine.split('.');
    const claims = decodeJwt(mine);
    const edited = `${header}.${Buffer.from(JSON.stringify({ ...claims, [ROLE_CLAIM]: ['Company Owner', 'Admin'] })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const key512 = await signedToken(claims, { ctx, alg: 'HS512' });
    // Signed with the real key, but naming another user's session: the session is not this user's.
    const borrowed = await signedToken({ ...claims, session_id: decodeJwt(theirs).session_id }, { ctx });
    // Signed with the real key, but naming no session at all.
    const { session_id: _dropped, ...sessionless } = claims;
    const noSession = await signedToken(sessionless, { ctx });
    for (const token of [edited, none, key512, borrowed, noSession]) {
      expect(await apiStatus(token)).toBe(401);
      expect((await userEndpoint(token)).status).toBe(403);
    }
    const ended = await signedIn(t);
    await ended.supabase.auth.signOut({ scope: 'local' });
    expect(await apiStatus(ended.session.access_token)).toBe(401);
    const res = await userEndpoint(ended.session.access_token);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error_code: string }).error_code).toBe('session_not_found');
    expect(await apiStatus(mine)).toBe(200);
  });
});

describe('recovery', () => {
  test('resetPasswordForEmail mails the product’s reset link, and says nothing of unknown addresses', async () => {
    const t = await registerCompany(ctx.app);
    expect((await client().auth.resetPasswordForEmail(t.email)).error).toBeNull();
    expect((await lastMail(ctx.app, t.email))?.text).toMatch(/reset-password\?email=.*&token=/);
    expect((await client().auth.resetPasswordForEmail(`nobody-${t.email}`)).error).toBeNull();
    expect((await client().auth.resetPasswordForEmail('not-an-email')).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
  });
});
