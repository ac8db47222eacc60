import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { AppError } from '../src/api/errors';
import * as auth from '../src/auth/flows';
import { session } from '../src/auth/session-store';
import { events } from '../src/events/bus';
import { mockApi } from './mock-api';
import { makeToken } from './token';

// Sign-in by a mailed code and by single sign-on: the real supabase-js client against a GoTrue
// stand-in (its fetch), and the product API in-process. Either way ends like a password sign-in:
// the token and user entries, the announcement, the subscription.

const URL_ = 'https://stockwise.example.com';
const now = () => Math.floor(Date.now() / 1000);
// One expiry for the whole file: a token built again for the assertion must equal the one the
// service answered with, even when a second has passed between the two.
const EXPIRES_AT = now() + 3600;
// supabase-js checks the JWT's parts are base64url (makeToken's 'signature' part is not, in length).
const accessToken = (n: number) =>
  makeToken({ sub: 'u1', session_id: `s${n}`, role: 'authenticated', exp: EXPIRES_AT, n }).replace(
    /\.signature$/,
    '.c2lnbmF0dXJl',
  );
const gotrueUser = { id: 'u1', aud: 'authenticated', email: 'ada@acme.test', app_metadata: {}, user_metadata: {} };
const user = { userName: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', roles: ['Admin'] };
const subscription = { status: 0, plan: null };

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}
type Answer = { status: number; body: unknown };

let calls: Call[];
let answers: Record<string, Answer>;
let supabase: SupabaseClient;

const json = (status: number, body: unknown) =>
  ({
    ok: status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    json: async () => body,
    text: async () => (body === null ? '' : JSON.stringify(body)),
  }) as unknown as Response;

const sessionBody = (n: number) => ({
  access_token: accessToken(n),
  refresh_token: `refresh-${n}`,
  token_type: 'bearer',
  expires_in: EXPIRES_AT - now(),
  expires_at: EXPIRES_AT,
  user: gotrueUser,
});

async function fakeGotrue(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const path = `${url.pathname}${url.search}`;
  calls.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : null });
  const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
  return answer ? json(answer.status, answer.body) : json(404, { message: 'Not Found' });
}

jest.mock('../src/auth/hosted-client', () => ({
  getAuthClient: async () => supabase.auth,
  adoptSession: async () => undefined,
  signOutEverywhere: async (clear: () => void) => clear(),
}));

let apiCalls: ReturnType<typeof mockApi>;
let profileUpdated: jest.Mock;
let off: () => void;
beforeEach(() => {
  localStorage.clear();
  session.reload();
  calls = [];
  answers = {};
  supabase = createClient(URL_, 'sb_publishable_test', {
    auth: { flowType: 'pkce', autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'stockwise-auth-token' },
    global: { fetch: fakeGotrue as typeof fetch },
  });
  apiCalls = mockApi((config) => {
    if (config.url === '/api/auth/getuser') return { status: 200, data: user };
    if (config.url === '/api/subscription/current') return { status: 200, data: subscription };
    return { status: 404, data: { message: 'no' } };
  });
  profileUpdated = jest.fn();
  off = events.on('profile-updated', profileUpdated);
});
afterEach(() => off());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function expectSignedInAs(token: string) {
  await flush();
  expect(session.get().token).toBe(token);
  expect(session.get().user).toMatchObject({ userName: 'ada', email: 'ada@acme.test' });
  expect(session.get().subscription).toEqual(subscription);
  expect(profileUpdated).toHaveBeenCalled();
  // The user was read with the new session's token.
  expect(apiCalls.find((c) => c.url === '/api/auth/getuser')?.auth).toBe(`Bearer ${token}`);
  // supabase-js holds the session too: it refreshes it from now on.
  expect((await supabase.auth.getSession()).data.session?.access_token).toBe(token);
}

describe('sign-in by a mailed code', () => {
  it('asks for a code without making an account, then the code signs in like a password sign-in', async () => {
    answers['POST /auth/v1/otp'] = { status: 200, body: {} };
    answers['POST /auth/v1/verify'] = { status: 200, body: sessionBody(1) };
    await auth.requestSignInCode('  ada@acme.test ');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/v1/otp' });
    expect(calls[0]!.body).toMatchObject({ email: 'ada@acme.test', create_user: false });
    expect(session.get().token).toBeNull();

    const signedIn = await auth.signInWithCode('ada@acme.test', ' 123456 ');
    expect(calls[1]!.body).toMatchObject({ email: 'ada@acme.test', token: '123456', type: 'email' });
    expect(signedIn.userName).toBe('ada');
    await expectSignedInAs(accessToken(1));
  });

  it('a wrong or expired code, or too many mails: the service’s code and message, and no entries', async () => {
    answers['POST /auth/v1/verify'] = {
      status: 403,
      body: { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' },
    };
    const wrong = await auth.signInWithCode('ada@acme.test', '000000').catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AppError);
    expect(wrong).toMatchObject({ code: 'otp_expired', status: 403, message: 'Token has expired or is invalid' });
    expect(session.get().token).toBeNull();

    answers['POST /auth/v1/otp'] = {
      status: 429,
      body: {
        code: 429,
        error_code: 'over_email_send_rate_limit',
        msg: 'For security purposes, you can only request this after 42 seconds.',
      },
    };
    await expect(auth.requestSignInCode('ada@acme.test')).rejects.toMatchObject({
      code: 'over_email_send_rate_limit',
      status: 429,
    });
  });

  it('a user the API cannot read: no half sign-in is left behind', async () => {
    answers['POST /auth/v1/verify'] = { status: 200, body: sessionBody(2) };
    answers['POST /auth/v1/logout'] = { status: 204, body: null };
    mockApi(() => ({ status: 500, data: {} }));
    await expect(auth.signInWithCode('ada@acme.test', '123456')).rejects.toMatchObject({
      message: 'Error retrieving user information',
    });
    expect(session.get()).toMatchObject({ token: null, user: null });
  });
});

describe('single sign-on', () => {
  it('starts at the company’s provider for the email’s domain and comes back to /auth/callback', async () => {
    answers['POST /auth/v1/sso'] = { status: 200, body: { url: 'https://idp.acme.test/auth?x=1' } };
    const url = await auth.startSsoSignIn(' Ada@ACME.test ', '/items?q=1');
    expect(url).toBe('https://idp.acme.test/auth?x=1');
    const body = calls[0]!.body!;
    expect(body).toMatchObject({ domain: 'acme.test', skip_http_redirect: true });
    expect(body.code_challenge).toEqual(expect.any(String));
    const back = new URL(String(body.redirect_to));
    expect(back.pathname).toBe('/auth/callback');
    expect(back.searchParams.get(auth.SSO_RETURN)).toBe('1');
    expect(back.searchParams.get('next')).toBe('/items?q=1');
    // A bare domain works too.
    await auth.startSsoSignIn('acme.test', '/');
    expect(calls[1]!.body).toMatchObject({ domain: 'acme.test' });
  });

  it('the code it comes back with becomes the session, with the PKCE verifier kept at the start', async () => {
    answers['POST /auth/v1/sso'] = { status: 200, body: { url: 'https://idp.acme.test/auth' } };
    answers['POST /auth/v1/token'] = { status: 200, body: sessionBody(3) };
    await auth.startSsoSignIn('ada@acme.test', '/items');
    const done = await auth.completeSsoSignIn('?sso=1&next=%2Fitems&code=the-code');
    expect(done.next).toBe('/items');
    const exchange = calls.find((c) => c.path === '/auth/v1/token?grant_type=pkce')!;
    expect(exchange.body).toMatchObject({ auth_code: 'the-code' });
    expect(String(exchange.body!.code_verifier).length).toBeGreaterThanOrEqual(43);
    await expectSignedInAs(accessToken(3));
  });

  it('a refusal on the way back is thrown with its code; a foreign next is not followed', async () => {
    await expect(
      auth.completeSsoSignIn(
        '?sso=1&error=access_denied&error_code=signup_disabled&error_description=No+account+with+this+address',
      ),
    ).rejects.toMatchObject({ code: 'signup_disabled', message: 'No account with this address' });
    expect(session.get().token).toBeNull();

    answers['POST /auth/v1/sso'] = { status: 200, body: { url: 'https://idp.acme.test/auth' } };
    answers['POST /auth/v1/token'] = { status: 200, body: sessionBody(4) };
    await auth.startSsoSignIn('ada@acme.test', '/');
    const done = await auth.completeSsoSignIn('?sso=1&next=%2F%2Fevil.example&code=c');
    expect(done.next).toBe('/dashboard/default');
  });

  it('no provider for the domain: the service’s code', async () => {
    answers['POST /auth/v1/sso'] = {
      status: 404,
      body: { code: 404, error_code: 'sso_provider_not_found', msg: 'No SSO provider assigned for this domain' },
    };
    await expect(auth.startSsoSignIn('ada@nowhere.test', '/')).rejects.toMatchObject({
      code: 'sso_provider_not_found',
    });
  });
});
