import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { bearer, closeShared, testApp, unique, type TestContext } from './helpers.js';

// The embedded Google stand-in: authorization code + PKCE through its sign-in page, the ID token
// verified with jose against the provider's published JWKS, then used to sign in to the API.
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  base = `http://127.0.0.1:${port}`;
  ctx = await testApp({ PUBLIC_URL: base });
  await ctx.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

/** A tiny browser: follows redirects by hand, keeps cookies. */
async function signInWithLocalGoogle(email: string, givenNonce?: string): Promise<string> {
  // As the browser does: a nonce from the API first, carried through the sign-in into the ID token.
  const nonce =
    givenNonce ??
    ((await (await fetch(`${base}/api/auth/google-nonce`, { method: 'POST' })).json()) as { nonce: string }).nonce;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: cookieHeader() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${base}/auth/callback`;
  const auth = new URL(`${base}/oidc/auth`);
  Object.entries({
    client_id: 'stockwise-local',
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's1',
    nonce,
  }).forEach(([k, v]) => auth.searchParams.set(k, v));
  let res = await go(auth.href);
  expect(res.status).toBe(303);
  let location = new URL(res.headers.get('location')!, base).href;
  expect(location).toContain('/oidc/interaction/');
  const page = await go(location);
  expect(await page.text()).toContain('Development sign-in — not Google');
  res = await go(location, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, given_name: 'Gina', family_name: 'Google' }).toString(),
  });
  expect(res.status).toBe(303);
  location = new URL(res.headers.get('location')!, base).href;
  for (let i = 0; i < 5 && !location.startsWith(redirectUri); i++) {
    res = await go(location);
    location = new URL(res.headers.get('location')!, base).href;
  }
  const callback = new URL(location);
  expect(callback.searchParams.get('state')).toBe('s1');
  const code = callback.searchParams.get('code')!;
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'stockwise-local',
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { id_token: string }).id_token;
}

test('code + PKCE flow gives an RS256 ID token that jose verifies against the published JWKS', async () => {
  const email = `${unique('g')}@gmail.com`;
  const idToken = await signInWithLocalGoogle(email, 'n1');
  const discovery = (await (await fetch(`${base}/oidc/.well-known/openid-configuration`)).json()) as {
    issuer: string;
    jwks_uri: string;
  };
  expect(discovery.issuer).toBe(`${base}/oidc`);
  const { payload, protectedHeader } = await jwtVerify(idToken, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer: `${base}/oidc`,
    audience: 'stockwise-local',
    algorithms: ['RS256'],
  });
  expect(protectedHeader.alg).toBe('RS256');
  expect(payload).toMatchObject({
    email,
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Google',
    nonce: 'n1',
  });
});

test('google-login: unknown account → clear 404; after company-with-admin withGoogle → token; invitation variant joins the company', async () => {
  const email = `${unique('g')}@gmail.com`;
  const idToken = await signInWithLocalGoogle(email);
  const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/google-login', payload: { idToken } });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({
    code: 'ACCOUNT_NOT_FOUND',
    message: expect.stringMatching(/register your company with Google/),
  });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/company-with-admin',
    remoteAddress: '10.200.' + Math.floor(Math.random() * 250) + '.' + Math.floor(Math.random() * 250),
    payload: {
      companyName: 'Google Co',
      userName: unique('gg'),
      email,
      firstName: 'Gina',
      lastName: 'Google',
      phone: '',
      industry: '',
      withGoogle: true,
      idToken: await signInWithLocalGoogle(email),
    },
  });
  expect(created.statusCode).toBe(200);
  expect(created.json().token).toEqual(expect.any(String));
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/google-login',
    payload: { idToken: await signInWithLocalGoogle(email) },
  });
  expect(login.statusCode).toBe(200);
  expect(login.json().user).toMatchObject({ email, companyName: 'Google Co', roles: ['Admin', 'Company Owner'] });

  const inviteeEmail = `${unique('inv')}@gmail.com`;
  const inv = await ctx.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: bearer(login.json().token),
    payload: { email: inviteeEmail, roles: ['Rapid Seller'] },
  });
  const wrongPerson = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/google-login-with-invitation',
    payload: { idToken: await signInWithLocalGoogle(email), invitationId: inv.json().id },
  });
  expect(wrongPerson.statusCode).toBe(409);
  const inviteeToken = await signInWithLocalGoogle(inviteeEmail);
  const joined = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/google-login-with-invitation',
    payload: { idToken: inviteeToken, invitationId: inv.json().id },
  });
  expect(joined.statusCode).toBe(200);
  expect(joined.json().user).toMatchObject({ email: inviteeEmail, companyName: 'Google Co', roles: ['Rapid Seller'] });
});

test('a Google sign-in of a user with a verified second factor opens an aal1 session: no business data until verified', async () => {
  const email = `${unique('mfa')}@gmail.com`;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/company-with-admin',
    remoteAddress: '10.201.' + Math.floor(Math.random() * 250) + '.' + Math.floor(Math.random() * 250),
    payload: {
      companyName: 'Two Factor Co',
      userName: unique('mfa'),
      email,
      firstName: 'Gina',
      lastName: 'Google',
      phone: '',
      industry: '',
      withGoogle: true,
      idToken: await signInWithLocalGoogle(email),
    },
  });
  expect(created.statusCode).toBe(200);
  // A TOTP factor enrolled and verified through the auth service, as supabase-js does it.
  const key = (await ctx.app.inject({ url: '/api/environment' })).json().auth.key as string;
  const headers = { apikey: key, authorization: `Bearer ${created.json().token}`, 'content-type': 'application/json' };
  const call = async (path: string, body: object) =>
    fetch(`${base}/auth/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const factor = (await (await call('/factors', { factor_type: 'totp' })).json()) as {
    id: string;
    totp: { secret: string };
  };
  const challenge = (await (await call(`/factors/${factor.id}/challenge`, {})).json()) as { id: string };
  const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate();
  expect((await call(`/factors/${factor.id}/verify`, { challenge_id: challenge.id, code })).status).toBe(200);

  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/google-login',
    payload: { idToken: await signInWithLocalGoogle(email) },
  });
  expect(login.statusCode).toBe(200);
  const items = await ctx.app.inject({ url: '/api/items', headers: bearer(login.json().token) });
  expect(items.statusCode).toBe(403);
  expect(items.json().code).toBe('MFA_REQUIRED');
});

test('a forged or foreign ID token is refused with 401', async () => {
  const email = `${unique('g')}@gmail.com`;
  const idToken = await signInWithLocalGoogle(email);
  const [h, p] = idToken.split('.');
  const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), email: 'ceo@victim.com' })).toString('base64url')}.${idToken.split('.')[2]}`;
  for (const t of [tampered, 'abc', `${h}.${p}.`]) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/google-login', payload: { idToken: t } });
    expect(res.statusCode).toBe(401);
  }
});

test('GET /api/auth/providers: the embedded provider by default, Google when GOOGLE_CLIENT_ID is set; public, no secrets', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({ google: null, oidc: { issuer: `${base}/oidc`, clientId: 'stockwise-local' } });
  // The issuer it names is the one that answers discovery and signs the tokens the API accepts.
  const discovery = (await (await fetch(`${body.oidc.issuer}/.well-known/openid-configuration`)).json()) as {
    issuer: string;
  };
  expect(discovery.issuer).toBe(body.oidc.issuer);

  const google = await testApp({ GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com' });
  try {
    const g = await google.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(g.statusCode).toBe(200);
    expect(g.json()).toEqual({ google: { clientId: '1234-abc.apps.googleusercontent.com' }, oidc: null });
    // No embedded provider is mounted in Google mode.
    expect((await google.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(
      404,
    );
  } finally {
    await google.close();
  }
});

describe('a Google identity never takes over a password account (issue 8)', () => {
  test('the same email does not sign in to a password account; connecting from the profile does', async () => {
    const { registerCompany, PASSWORD } = await import('./helpers.js');
    const victim = await registerCompany(ctx.app);
    const byEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      payload: { idToken: await signInWithLocalGoogle(victim.email) },
    });
    expect(byEmail.statusCode).toBe(404);
    expect(byEmail.json().token).toBeUndefined();

    const connected = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/connect-google',
      headers: bearer(victim.token),
      payload: { idToken: await signInWithLocalGoogle(victim.email) },
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toMatchObject({ googleConnected: true, userName: victim.userName });
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      payload: { idToken: await signInWithLocalGoogle(victim.email) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(victim.userId);
    // and the password still works beside it
    const pw = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: victim.userName, password: PASSWORD },
    });
    expect(pw.statusCode).toBe(200);
  });

  test('an ID token is accepted once, and only with a nonce the API issued', async () => {
    const email = `${unique('g')}@gmail.com`;
    const userName = unique('gg');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/company-with-admin',
      remoteAddress: '10.201.' + Math.floor(Math.random() * 250) + '.' + Math.floor(Math.random() * 250),
      payload: {
        companyName: 'Once Co',
        userName,
        email,
        firstName: 'O',
        lastName: 'C',
        withGoogle: true,
        idToken: await signInWithLocalGoogle(email),
      },
    });
    expect(created.statusCode).toBe(200);
    const idToken = await signInWithLocalGoogle(email);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/google-login', payload: { idToken } });
    expect(first.statusCode).toBe(200);
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/auth/google-login', payload: { idToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('ID_TOKEN_REUSED');
    const ownNonce = await signInWithLocalGoogle(email, 'a-nonce-the-api-never-issued');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/google-login',
      payload: { idToken: ownNonce },
    });
    expect(refused.statusCode).toBe(401);
  });
});

test('Connect Google with a refused ID token is a 400: the signed-in caller’s session is not in question', async () => {
  const { registerCompany } = await import('./helpers.js');
  const t = await registerCompany(ctx.app);
  for (const idToken of ['not-a-token', await signInWithLocalGoogle(t.email, 'never-issued')]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/connect-google',
      headers: bearer(t.token),
      payload: { idToken },
    });
    expect(res.statusCode).toBe(400);
  }
  expect((await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(t.token) })).json().googleConnected).toBe(
    false,
  );
});
