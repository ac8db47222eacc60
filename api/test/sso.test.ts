import { decodeJwt } from 'jose';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  PASSWORD,
  unique,
  verifyEmail,
  type TestContext,
  servedTestApp,
} from './helpers.js';
import { loadConfig } from '../src/config.js';
import { findProvider } from '../src/modules/hosted-auth/sso-providers.js';
import { discover } from '../src/modules/oidc/index.js';
import { Browser, pkceClient } from './redirect-browser.js';

// Single sign-on with a company's own OpenID Connect provider: an owner registers it for the
// company's email domain (/api/sso-providers), then supabase-js's signInWithSSO({ domain }) goes
// through it — here the embedded stand-in plays the company's provider — and ends in the PKCE code.

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

/** A company whose owner's address is on its own new domain. */
async function companyOnDomain() {
  const domain = `${unique('acme')}.test`;
  const userName = unique('owner');
  const email = `${userName}@${domain}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/company-with-admin',
    remoteAddress: ip(),
    payload: {
      companyName: unique('Acme '),
      userName,
      email,
      firstName: 'Olga',
      lastName: 'Owner',
      password: PASSWORD,
      phone: '',
      industry: '',
      withGoogle: false,
    },
  });
  expect(res.statusCode).toBe(200);
  await verifyEmail(ctx.app, email);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip(),
    payload: { userName, password: PASSWORD },
  });
  const token = login.json().token as string;
  return {
    domain,
    email,
    token,
    companyId: res.json().companyId as string,
    userId: login.json().user.id as string,
    userName,
  };
}

const register = (token: string, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/sso-providers', headers: bearer(token), payload: body });

const standIn = () => ({ issuer: `${base}/oidc`, clientId: 'stockwise-local' });

async function ssoSignIn(domain: string, email: string) {
  const supabase = pkceClient(base, key);
  const { data, error } = await supabase.auth.signInWithSSO({
    domain,
    options: { redirectTo: `${base}/dashboard`, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  expect(data?.url).toContain(`${base}/oidc/auth?`);
  const back = await new Browser(base).signIn(data!.url, email);
  expect(back.origin + back.pathname).toBe(`${base}/dashboard`);
  return { supabase, back };
}

describe('registering a provider', () => {
  test('the owner registers the company’s provider for its domain; it is listed without its secret', async () => {
    const c = await companyOnDomain();
    const res = await register(c.token, { domain: c.domain, ...standIn(), clientSecret: 's3cret' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      domain: c.domain,
      issuer: `${base}/oidc`,
      clientId: 'stockwise-local',
      hasClientSecret: true,
      redirectUri: `${base}/auth/v1/callback`,
    });
    expect(JSON.stringify(res.json())).not.toContain('s3cret');
    const list = await ctx.app.inject({ url: '/api/sso-providers', headers: bearer(c.token) });
    expect(list.json()).toEqual([res.json()]);
    expect((await register(c.token, { domain: c.domain, ...standIn() })).statusCode).toBe(409);
  });

  test('refused: a domain no user of the company is on, another company’s domain, an issuer without discovery, a non-manager', async () => {
    const c = await companyOnDomain();
    const other = await companyOnDomain();
    const refusals: Array<[object, string]> = [
      [{ domain: `${unique('nobody')}.test`, ...standIn() }, 'domain'],
      [{ domain: other.domain, ...standIn() }, 'domain'],
      [{ domain: 'example.com', ...standIn() }, 'domain'],
      [{ domain: c.domain, issuer: `${base}/no-such-issuer`, clientId: 'x' }, 'issuer'],
      [{ domain: c.domain, issuer: 'ftp://idp.example', clientId: 'x' }, 'issuer'],
      [{ domain: c.domain, issuer: `${base}/oidc?x=1`, clientId: 'x' }, 'issuer'],
      [{ domain: 'Not A Domain', ...standIn() }, 'domain'],
    ];
    for (const [body, field] of refusals) {
      const res = await register(c.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const keeper = await addUser(ctx.app, { ...c, token: c.token }, ['Storekeeper']);
    expect((await register(keeper.token, { domain: c.domain, ...standIn() })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/sso-providers', headers: bearer(keeper.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/sso-providers', headers: bearer(c.token) })).json()).toEqual([]);
  });
});

describe('signing in with SSO', () => {
  test('signInWithSSO({ domain }) signs in the company’s user of that address, through the PKCE code', async () => {
    const c = await companyOnDomain();
    expect((await register(c.token, { domain: c.domain, ...standIn() })).statusCode).toBe(201);
    const { supabase, back } = await ssoSignIn(c.domain, c.email.toUpperCase());
    const { data, error } = await supabase.auth.exchangeCodeForSession(back.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(c.userId);
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ sub: c.userId, company_id: c.companyId });
    const me = await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(data.session!.access_token) });
    expect(me.statusCode).toBe(200);
    // By the provider's id too.
    const providerId = (await ctx.app.inject({ url: '/api/sso-providers', headers: bearer(c.token) })).json()[0].id;
    const byId = await pkceClient(base, key).auth.signInWithSSO({ providerId, options: { skipBrowserRedirect: true } });
    expect(byId.data?.url).toContain(`${base}/oidc/auth?`);
  });

  test('no account is made: an unknown address on the domain, or another domain’s address, is refused', async () => {
    const c = await companyOnDomain();
    expect((await register(c.token, { domain: c.domain, ...standIn() })).statusCode).toBe(201);
    const users = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`))[0]!.n;
    const count = await users();
    for (const email of [`stranger@${c.domain}`, `${unique('x')}@elsewhere.test`]) {
      const { back } = await ssoSignIn(c.domain, email);
      expect(back.searchParams.get('code')).toBeNull();
      expect(back.searchParams.get('error_code')).toBe('signup_disabled');
    }
    expect(await users()).toBe(count);
  });

  test('a user another company invited on this domain’s address is not signed in through this company’s provider', async () => {
    const c = await companyOnDomain();
    expect((await register(c.token, { domain: c.domain, ...standIn() })).statusCode).toBe(201);
    const other = await companyOnDomain();
    const email = `${unique('intruder')}@${c.domain}`;
    const invitation = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(other.token),
      payload: { email, roles: ['Storekeeper'] },
    });
    expect(invitation.statusCode).toBe(201);
    const joined = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register-with-invitation',
      remoteAddress: ip(),
      payload: {
        invitationId: invitation.json().id,
        userName: unique('intruder'),
        email,
        firstName: 'I',
        lastName: 'N',
        password: PASSWORD,
      },
    });
    expect(joined.statusCode).toBe(200);
    await verifyEmail(ctx.app, email);
    const { back } = await ssoSignIn(c.domain, email);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('signup_disabled');
  });

  test('/sso without a provider: GoTrue’s errors; a removed provider signs in no more', async () => {
    const sso = (body: object) =>
      fetch(`${base}/auth/v1/sso`, {
        method: 'POST',
        headers: { apikey: key, 'content-type': 'application/json' },
        body: JSON.stringify({ code_challenge: 'a'.repeat(43), code_challenge_method: 's256', ...body }),
      });
    const unknown = await sso({ domain: `${unique('none')}.test` });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error_code: string }).error_code).toBe('sso_provider_not_found');
    expect((await sso({})).status).toBe(400);
    expect((await sso({ domain: 'a.test', provider_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
    expect((await sso({ provider_id: 'nope' })).status).toBe(400);

    const c = await companyOnDomain();
    const created = (await register(c.token, { domain: c.domain, ...standIn() })).json();
    expect((await sso({ domain: c.domain, skip_http_redirect: true })).status).toBe(200);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sso-providers/${created.id}`,
      headers: bearer(c.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await sso({ domain: c.domain })).status).toBe(404);
  });
});

describe('editing a provider', () => {
  const edit = (token: string, id: string, body: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/sso-providers/${id}`, headers: bearer(token), payload: body });
  const sealedSecret = async (id: string) => (await findProvider(ctx.db, ctx.app.tokens, { id }))?.clientSecret;

  test('the owner changes the client id and secret; an omitted secret keeps the sealed one, null removes it', async () => {
    const c = await companyOnDomain();
    const created = (await register(c.token, { domain: c.domain, ...standIn(), clientSecret: 'first-secret' })).json();
    const renamed = await edit(c.token, created.id, { ...standIn(), clientId: 'renamed-client' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...created, clientId: 'renamed-client' });
    expect(await sealedSecret(created.id)).toBe('first-secret');

    const rotated = await edit(c.token, created.id, { ...standIn(), clientSecret: 'second-secret' });
    expect(rotated.json()).toMatchObject({ clientId: 'stockwise-local', hasClientSecret: true });
    expect(JSON.stringify(rotated.json())).not.toContain('second-secret');
    expect(await sealedSecret(created.id)).toBe('second-secret');
    const row = await ctx.db.query<{ s: string }>(`SELECT client_secret AS s FROM sso_providers WHERE id = $1`, [
      created.id,
    ]);
    expect(row[0]!.s).not.toContain('second-secret');

    const cleared = await edit(c.token, created.id, { ...standIn(), clientSecret: null });
    expect(cleared.json().hasClientSecret).toBe(false);
    expect(await sealedSecret(created.id)).toBeNull();
    const list = await ctx.app.inject({ url: '/api/sso-providers', headers: bearer(c.token) });
    expect(list.json()).toEqual([cleared.json()]);
    // Still the provider its domain signs in with.
    await ssoSignIn(c.domain, c.email);
  });

  test('refused, nothing changed: a bad or unreachable issuer, the domain, an empty client id, another company, a non-manager', async () => {
    const c = await companyOnDomain();
    const created = (await register(c.token, { domain: c.domain, ...standIn(), clientSecret: 'kept' })).json();
    const refusals: Array<[object, string | undefined]> = [
      [{ issuer: `${base}/no-such-issuer`, clientId: 'x' }, 'issuer'],
      [{ issuer: 'ftp://idp.example', clientId: 'x' }, 'issuer'],
      [{ issuer: `${base}/oidc#x`, clientId: 'x' }, 'issuer'],
      [{ ...standIn(), clientId: '' }, 'clientId'],
      [{ ...standIn(), clientSecret: 'x'.repeat(1025) }, 'clientSecret'],
      [{ ...standIn(), domain: 'elsewhere.test' }, undefined],
      [{ clientId: 'x' }, undefined],
    ];
    for (const [body, field] of refusals) {
      const res = await edit(c.token, created.id, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      if (field) expect(res.json().field).toBe(field);
    }
    const other = await companyOnDomain();
    expect((await edit(other.token, created.id, { ...standIn(), clientId: 'stolen' })).statusCode).toBe(404);
    const keeper = await addUser(ctx.app, { ...c, token: c.token }, ['Storekeeper']);
    expect((await edit(keeper.token, created.id, { ...standIn(), clientId: 'keeper' })).statusCode).toBe(403);
    const list = await ctx.app.inject({ url: '/api/sso-providers', headers: bearer(c.token) });
    expect(list.json()).toEqual([created]);
    expect(await sealedSecret(created.id)).toBe('kept');
  });
});

describe('the provider’s client secret is kept sealed', () => {
  const stored = async (id: string) =>
    (await ctx.db.query<{ s: string | null }>(`SELECT client_secret AS s FROM sso_providers WHERE id = $1`, [id]))[0]!
      .s;

  test('a registered secret is not in the database in plain text; the sign-in still has it for the provider', async () => {
    const c = await companyOnDomain();
    const created = (await register(c.token, { domain: c.domain, ...standIn(), clientSecret: 's3cret-at-idp' })).json();
    const row = await stored(created.id);
    expect(row).not.toContain('s3cret-at-idp');
    expect(ctx.app.tokens.open(row!, `sso_providers.client_secret:${created.id}`)).toBe('s3cret-at-idp');
    expect((await findProvider(ctx.db, ctx.app.tokens, { domain: c.domain }))?.clientSecret).toBe('s3cret-at-idp');
    // Sealed to its row: moved to another provider's row it does not open.
    const other = await companyOnDomain();
    const second = (await register(other.token, { domain: other.domain, ...standIn() })).json();
    await ctx.db.query(`UPDATE sso_providers SET client_secret = $2 WHERE id = $1`, [second.id, row]);
    await expect(findProvider(ctx.db, ctx.app.tokens, { id: second.id })).rejects.toThrow(/does not open/);
    // Too long to keep sealed: refused, nothing written.
    const long = await register(other.token, {
      domain: `x${other.domain}`,
      ...standIn(),
      clientSecret: 'x'.repeat(1025),
    });
    expect(long.statusCode).toBe(400);
  });

  test('a secret kept in plain text before sealing is sealed on its first use', async () => {
    const c = await companyOnDomain();
    const created = (await register(c.token, { domain: c.domain, ...standIn() })).json();
    await ctx.db.query(`UPDATE sso_providers SET client_secret = 'legacy-plain' WHERE id = $1`, [created.id]);
    // The first sign-in it starts seals it (the stand-in's client is public: the flow stops here).
    const started = await pkceClient(base, key).auth.signInWithSSO({
      domain: c.domain,
      options: { skipBrowserRedirect: true },
    });
    expect(started.error).toBeNull();
    const row = await stored(created.id);
    expect(row).not.toContain('legacy-plain');
    expect(ctx.app.tokens.open(row!, `sso_providers.client_secret:${created.id}`)).toBe('legacy-plain');
    expect((await findProvider(ctx.db, ctx.app.tokens, { id: created.id }))?.clientSecret).toBe('legacy-plain');
  });
});

describe('how a single sign-on session says it signed in', () => {
  test('GoTrue’s amr method for an OpenID Connect sign-in (oauth), in the token and the session list', async () => {
    const c = await companyOnDomain();
    expect((await register(c.token, { domain: c.domain, ...standIn() })).statusCode).toBe(201);
    const { supabase, back } = await ssoSignIn(c.domain, c.email);
    expect(back.searchParams.get('error_description')).toBeNull();
    const { data } = await supabase.auth.exchangeCodeForSession(back.searchParams.get('code')!);
    const token = data.session!.access_token;
    expect(decodeJwt(token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'oauth', timestamp: expect.any(Number) }] });
    const sessions = await ctx.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
    expect(sessions.statusCode).toBe(200);
    const { items } = sessions.json() as { items: Array<{ current: boolean; signInMethod: string }> };
    expect(items.find((s) => s.current)?.signInMethod).toBe('oauth');
  });
});

describe('where a sign-in may return', () => {
  test('AUTH_REDIRECT_ALLOW_LIST: whole origins beside PUBLIC_URL; https only in production', () => {
    const dev = { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:8080' };
    expect(loadConfig(dev).authRedirectOrigins).toEqual(['http://localhost:8080']);
    expect(
      loadConfig({ ...dev, AUTH_REDIRECT_ALLOW_LIST: 'https://app.example.com/some/path, http://localhost:3000' })
        .authRedirectOrigins,
    ).toEqual(['http://localhost:8080', 'https://app.example.com', 'http://localhost:3000']);
    expect(() => loadConfig({ ...dev, AUTH_REDIRECT_ALLOW_LIST: 'not a url' })).toThrow(/AUTH_REDIRECT_ALLOW_LIST/);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://stockwise.example' };
    expect(() => loadConfig({ ...production, AUTH_REDIRECT_ALLOW_LIST: 'http://app.example.com' })).toThrow(
      /must use https in production/,
    );
    expect(
      loadConfig({ ...production, AUTH_REDIRECT_ALLOW_LIST: 'https://app.example.com' }).authRedirectOrigins,
    ).toEqual(['https://stockwise.example', 'https://app.example.com']);
  });
});

describe('what an issuer’s discovery may send the server to', () => {
  test('an issuer on a public host naming a private token endpoint or key set is refused; public ones are taken', async () => {
    const issuer = 'https://idp.discovery-check.example';
    const document = (token: string, jwks: string) => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: token,
      jwks_uri: jwks,
    });
    const answers = [
      document('https://10.0.0.5/token', `${issuer}/jwks`),
      // A single label: a name only an internal resolver knows.
      document(`${issuer}/token`, 'https://metadata/jwks'),
      document(`${issuer}/token`, `${issuer}/jwks`),
    ];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async () => new Response(JSON.stringify(answers.shift()), { status: 200 });
    try {
      await expect(discover(`${issuer}`)).rejects.toThrow('discovery names a token_endpoint that is not a public host');
      await expect(discover(`${issuer}`)).rejects.toThrow('discovery names a jwks_uri that is not a public host');
      await expect(discover(`${issuer}`)).resolves.toMatchObject({ token_endpoint: `${issuer}/token` });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
