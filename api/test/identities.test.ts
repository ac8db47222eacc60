import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { bearer, closeShared, registerCompany, unique, type TestContext, servedTestApp } from './helpers.js';
import { Browser, pkceClient } from './redirect-browser.js';

// Google through the auth service, as supabase-js drives it: linkIdentity (manual linking) from a
// signed-in account, signInWithOAuth by redirect with PKCE (the embedded stand-in plays Google),
// exchangeCodeForSession, signInWithIdToken, and unlinkIdentity while another way in remains.

let ctx: TestContext;
let base: string;
let key: string;

beforeAll(async () => {
  ({ ctx, base, key } = await servedTestApp({}, { publicUrl: true }));
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await closeShared();
});

const apiStatus = async (token: string) =>
  (await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(token) })).statusCode;

/** A company owner signed in with a password through supabase-js, with a Google address for the stand-in. */
async function ownerWithClient() {
  const t = await registerCompany(ctx.app);
  const supabase = pkceClient(base, key);
  const { error } = await supabase.auth.signInWithPassword({ email: t.email, password: 'correct-horse-battery' });
  expect(error).toBeNull();
  return { t, supabase, google: `${unique('g')}@gmail.com` };
}

/** linkIdentity → the stand-in → the callback → a code on redirect_to → exchangeCodeForSession. */
async function linkGoogle(supabase: ReturnType<typeof pkceClient>, google: string) {
  const { data, error } = await supabase.auth.linkIdentity({
    provider: 'google',
    options: { redirectTo: `${base}/profile`, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  expect(data.url).toContain(`${base}/oidc/auth?`);
  const back = await new Browser(base).signIn(data.url!, google);
  expect(back.origin + back.pathname).toBe(`${base}/profile`);
  return supabase.auth.exchangeCodeForSession(back.searchParams.get('code') ?? 'no-code');
}

/** signInWithOAuth by redirect; the page it ends on. */
async function googleRedirect(google: string, redirectTo = `${base}/welcome`) {
  const supabase = pkceClient(base, key);
  const { data, error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  expect(data.url).toMatch(new RegExp(`^${base}/auth/v1/authorize\\?provider=google&`));
  expect(new URL(data.url!).searchParams.get('code_challenge_method')).toBe('s256');
  const back = await new Browser(base).signIn(data.url!, google);
  return { supabase, back };
}

describe('linking and signing in with Google', () => {
  test('a password account lists its email identity; after linkIdentity it lists Google, and Google signs it in by redirect', async () => {
    const { t, supabase, google } = await ownerWithClient();
    const before = await supabase.auth.getUserIdentities();
    expect(before.data?.identities.map((i) => i.provider)).toEqual(['email']);

    const linked = await linkGoogle(supabase, google);
    expect(linked.error).toBeNull();
    expect(linked.data.user?.id).toBe(t.userId);
    const after = await supabase.auth.getUserIdentities();
    expect(after.data?.identities.map((i) => i.provider)).toEqual(['email', 'google']);
    expect(after.data?.identities[1]).toMatchObject({ id: google, user_id: t.userId, provider: 'google' });
    expect((await supabase.auth.getUser()).data.user?.app_metadata.providers).toEqual(['email', 'google']);

    const { supabase: other, back } = await googleRedirect(google);
    expect(back.origin + back.pathname).toBe(`${base}/welcome`);
    const { data, error } = await other.auth.exchangeCodeForSession(back.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(t.userId);
    expect(decodeJwt(data.session!.access_token)).toMatchObject({
      sub: t.userId,
      company_id: t.companyId,
      amr: [{ method: 'oauth', timestamp: expect.any(Number) }],
    });
    expect(typeof data.session!.refresh_token).toBe('string');
    expect(await apiStatus(data.session!.access_token)).toBe(200);
    // The same sessions as every sign-in: it refreshes like them.
    expect((await other.auth.refreshSession()).error).toBeNull();
  });

  test('a Google account connected to nobody is not signed in and no account is made', async () => {
    const users = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`))[0]!.n;
    const count = await users();
    const { back } = await googleRedirect(`${unique('nobody')}@gmail.com`);
    expect(back.origin + back.pathname).toBe(`${base}/welcome`);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('signup_disabled');
    expect(await users()).toBe(count);
  });

  test('Google connected to one account cannot be linked to another', async () => {
    const first = await ownerWithClient();
    expect((await linkGoogle(first.supabase, first.google)).error).toBeNull();
    const second = await ownerWithClient();
    const { data } = await second.supabase.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: `${base}/profile`, skipBrowserRedirect: true },
    });
    const back = await new Browser(base).signIn(data.url!, first.google);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('identity_already_exists');
    const identities = await second.supabase.auth.getUserIdentities();
    expect(identities.data?.identities.map((i) => i.provider)).toEqual(['email']);
  });
});

describe('redirects and codes', () => {
  test('a redirect_to off the allow-list returns to the site itself, never to the other host', async () => {
    const { supabase, google } = await ownerWithClient();
    expect((await linkGoogle(supabase, google)).error).toBeNull();
    for (const evil of ['https://evil.example/steal', `${base}.evil.example/x`, `http://user:pw@127.0.0.1:1/x`]) {
      const { back } = await googleRedirect(google, evil);
      expect(back.origin).toBe(base);
      expect(back.pathname).toBe('/');
      expect(back.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    }
  });

  test('a code is spent by its first use, needs its own verifier, and expires', async () => {
    const { t, supabase, google } = await ownerWithClient();
    expect((await linkGoogle(supabase, google)).error).toBeNull();

    // Another client (another verifier) presents the code: refused, and the code is spent.
    const stolen = await googleRedirect(google);
    const thief = pkceClient(base, key);
    await thief.auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    const wrong = await thief.auth.exchangeCodeForSession(stolen.back.searchParams.get('code')!);
    expect(wrong.error).toMatchObject({ status: 400, code: 'bad_code_verifier' });
    const late = await stolen.supabase.auth.exchangeCodeForSession(stolen.back.searchParams.get('code')!);
    expect(late.error).toMatchObject({ status: 404, code: 'flow_state_not_found' });

    // Used once, rightly: a second use finds nothing.
    const once = await googleRedirect(google);
    const code = once.back.searchParams.get('code')!;
    const verifier = (await once.supabase.auth.exchangeCodeForSession(code)).data.session;
    expect(verifier?.user.id).toBe(t.userId);
    const replay = await fetch(`${base}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: key, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: randomBytes(32).toString('base64url') }),
    });
    expect(replay.status).toBe(404);

    // Older than five minutes: expired.
    const old = await googleRedirect(google);
    await ctx.db.query(`UPDATE auth_flow_states SET code_issued_at = now() - interval '6 minutes'`);
    const expired = await old.supabase.auth.exchangeCodeForSession(old.back.searchParams.get('code')!);
    expect(expired.error).toMatchObject({ status: 422, code: 'flow_state_expired' });
  });

  test('the provider’s answer is accepted once: a replayed callback is refused', async () => {
    const { supabase, google } = await ownerWithClient();
    expect((await linkGoogle(supabase, google)).error).toBeNull();
    const client = pkceClient(base, key);
    const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { skipBrowserRedirect: true } });
    const browser = new Browser(base);
    await browser.signIn(data.url!, google);
    const callback = browser.visited.find((u) => u.startsWith(`${base}/auth/v1/callback`))!;
    const again = await browser.go(callback);
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).searchParams.get('error_code')).toBe('bad_oauth_state');
  });

  test('without PKCE, with an unknown provider or a malformed challenge, /authorize refuses in GoTrue’s shape', async () => {
    const challenge = createHash('sha256').update(randomBytes(32)).digest('base64url');
    const cases: Array<[string, number, string]> = [
      [`provider=google&redirect_to=${encodeURIComponent(base)}`, 400, 'validation_failed'],
      [`provider=github&code_challenge=${challenge}&code_challenge_method=s256`, 400, 'validation_failed'],
      [`provider=google&code_challenge=short&code_challenge_method=s256`, 400, 'validation_failed'],
      [`provider=google&code_challenge=${challenge}&code_challenge_method=md5`, 400, 'validation_failed'],
    ];
    for (const [query, status, code] of cases) {
      const res = await fetch(`${base}/auth/v1/authorize?${query}`, { redirect: 'manual' });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error_code: string }).error_code).toBe(code);
    }
  });
});

describe('signInWithIdToken', () => {
  /** The browser's own code flow at the stand-in, with a nonce from the API: an ID token. */
  async function googleIdToken(email: string, nonce: string): Promise<string> {
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${base}/auth/callback`;
    const auth = new URL(`${base}/oidc/auth`);
    Object.entries({
      client_id: 'stockwise-local',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
      nonce,
    }).forEach(([k, v]) => auth.searchParams.set(k, v));
    const back = await new Browser(base).signIn(auth.href, email);
    const token = await fetch(`${base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: 'stockwise-local',
        code_verifier: verifier,
      }).toString(),
    });
    return ((await token.json()) as { id_token: string }).id_token;
  }
  const apiNonce = async () =>
    ((await (await fetch(`${base}/api/auth/google-nonce`, { method: 'POST' })).json()) as { nonce: string }).nonce;

  test('an ID token with a nonce the API gave signs in the connected account once; edited or replayed, it is refused', async () => {
    const { t, supabase, google } = await ownerWithClient();
    expect((await linkGoogle(supabase, google)).error).toBeNull();
    const nonce = await apiNonce();
    const idToken = await googleIdToken(google, nonce);
    const [h, , s] = idToken.split('.');
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(idToken), email: 'boss@example.com' })).toString('base64url')}.${s}`;
    const client = pkceClient(base, key);
    expect((await client.auth.signInWithIdToken({ provider: 'google', token: edited, nonce })).error).toMatchObject({
      status: 400,
      message: 'Bad ID token',
    });
    const wrongNonce = await client.auth.signInWithIdToken({ provider: 'google', token: idToken, nonce: 'another' });
    expect(wrongNonce.error).toMatchObject({ status: 400 });
    const fresh = await googleIdToken(google, await apiNonce());
    const { data, error } = await client.auth.signInWithIdToken({ provider: 'google', token: fresh });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(t.userId);
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    const replay = await pkceClient(base, key).auth.signInWithIdToken({ provider: 'google', token: fresh });
    expect(replay.error).toMatchObject({ status: 400 });
  });
});

describe('unlinking', () => {
  test('Google is unlinked while a password remains; then it signs in no more', async () => {
    const { supabase, google } = await ownerWithClient();
    expect((await linkGoogle(supabase, google)).error).toBeNull();
    const { data } = await supabase.auth.getUserIdentities();
    const googleIdentity = data!.identities.find((i) => i.provider === 'google')!;
    const { error } = await supabase.auth.unlinkIdentity(googleIdentity);
    expect(error).toBeNull();
    expect((await supabase.auth.getUserIdentities()).data?.identities.map((i) => i.provider)).toEqual(['email']);
    const { back } = await googleRedirect(google);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('signup_disabled');
    // The old identity id finds nothing now.
    expect((await supabase.auth.unlinkIdentity(googleIdentity)).error).toMatchObject({ status: 422 });
  });

  test('the only way in is not unlinked: single_identity_not_deletable', async () => {
    const { t, supabase, google } = await ownerWithClient();
    expect((await linkGoogle(supabase, google)).error).toBeNull();
    // The account signs in with Google only (as one registered with Google has no password).
    await ctx.db.query(`ALTER TABLE users NO FORCE ROW LEVEL SECURITY`);
    await ctx.db.query(`UPDATE users SET password_hash = NULL WHERE id = $1`, [t.userId]);
    await ctx.db.query(`ALTER TABLE users FORCE ROW LEVEL SECURITY`);
    const { data } = await supabase.auth.getUserIdentities();
    expect(data?.identities.map((i) => i.provider)).toEqual(['google']);
    const { error } = await supabase.auth.unlinkIdentity(data!.identities[0]!);
    expect(error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
    const { back } = await googleRedirect(google);
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
  });

  test('another user’s identity, a malformed id and an ended session’s token are refused', async () => {
    const a = await ownerWithClient();
    expect((await linkGoogle(a.supabase, a.google)).error).toBeNull();
    const b = await ownerWithClient();
    expect((await linkGoogle(b.supabase, b.google)).error).toBeNull();
    const theirs = (await a.supabase.auth.getUserIdentities()).data!.identities.find((i) => i.provider === 'google')!;
    expect((await b.supabase.auth.unlinkIdentity(theirs)).error).toMatchObject({
      status: 422,
      code: 'identity_not_found',
    });
    expect((await a.supabase.auth.getUserIdentities()).data?.identities).toHaveLength(2);
    const del = (id: string, token: string) =>
      fetch(`${base}/auth/v1/user/identities/${id}`, { method: 'DELETE', headers: { apikey: key, ...bearer(token) } });
    const token = (await b.supabase.auth.getSession()).data.session!.access_token;
    expect((await del('not-a-uuid', token)).status).toBe(404);
    await b.supabase.auth.signOut({ scope: 'local' });
    const mine = (await b.supabase.auth.getUserIdentities()).data;
    expect(mine).toBeNull();
    const ended = await del(theirs.identity_id, token);
    expect(ended.status).toBe(403);
    expect(((await ended.json()) as { error_code: string }).error_code).toBe('session_not_found');
  });
});

describe('a second factor guards the ways in', () => {
  test('with a verified factor, Google is linked or unlinked only from a session that proved it', async () => {
    const { t, supabase, google } = await ownerWithClient();
    expect((await linkGoogle(supabase, google)).error).toBeNull();
    const { data: enrolled } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    const code = new TOTP({ secret: Secret.fromBase32(enrolled!.totp.secret) }).generate({
      timestamp: Date.now() - 30_000,
    });
    expect((await supabase.auth.mfa.challengeAndVerify({ factorId: enrolled!.id, code })).error).toBeNull();
    // The password alone (aal1): someone who has only that cannot add or remove a way in.
    const stolen = pkceClient(base, key);
    expect(
      (await stolen.auth.signInWithPassword({ email: t.email, password: 'correct-horse-battery' })).error,
    ).toBeNull();
    const linking = await stolen.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(linking.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const theGoogle = (await stolen.auth.getUserIdentities()).data!.identities.find((i) => i.provider === 'google')!;
    expect((await stolen.auth.unlinkIdentity(theGoogle)).error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
    });
    // The session that proved the factor still may.
    expect((await supabase.auth.unlinkIdentity(theGoogle)).error).toBeNull();
  });
});
