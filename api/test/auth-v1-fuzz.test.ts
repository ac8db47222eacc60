import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { bearer, closeShared, PASSWORD, registerCompany, type TestContext, servedTestApp } from './helpers.js';
import { scriptClient } from './supabase-client.js';

// Hostile input to every endpoint of the auth service (/auth/v1), found from the app's own route
// table so an endpoint added later is swept too: 10,000 generated requests — bodies, query strings
// and headers (keys, tokens: real, edited, foreign, none) — and not one is answered 5xx.

let ctx: TestContext;
let base: string;
let key: string;
const tokens: string[] = [];

beforeAll(async () => {
  ({ ctx, base, key } = await servedTestApp({}, { publicUrl: true }));
  for (let i = 0; i < 3; i++) {
    const t = await registerCompany(ctx.app);
    const supabase = scriptClient(base, key);
    const { data } = await supabase.auth.signInWithPassword({ email: t.email, password: PASSWORD });
    tokens.push(data.session!.access_token);
  }
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await closeShared();
});

/** Every route of the app under a prefix, read from Fastify's own route tree. */
function routesUnder(app: FastifyInstance, prefix: string): Array<{ method: string; path: string }> {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const found: Array<{ method: string; path: string }> = [];
  for (const line of lines) {
    const m = /^([│├└─\s]*)(\S.*)$/.exec(line);
    if (!m) continue;
    const depth = Math.floor(m[1]!.length / 4);
    const [, segment = '', methods] = /^(.*?)(?: \(([^)]*)\))?$/.exec(m[2]!) ?? [];
    stack.length = depth;
    stack[depth] = segment;
    const path = stack.join('');
    if (methods && path.startsWith(prefix))
      for (const method of methods.split(',').map((x) => x.trim()))
        if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method, path });
  }
  return found;
}

/** GoTrue's field and parameter names, so generated requests reach past the first check. */
const NAMES = [
  'email',
  'password',
  'refresh_token',
  'current_password',
  'nonce',
  'data',
  'phone',
  'token',
  'type',
  'auth_code',
  'code_verifier',
  'provider',
  'id_token',
  'access_token',
  'link_identity',
  'provider_id',
  'domain',
  'redirect_to',
  'skip_http_redirect',
  'code_challenge',
  'code_challenge_method',
  'gotrue_meta_security',
  'grant_type',
  'scope',
  'scopes',
  'state',
  'code',
  'error',
  'factor_id',
  'challenge_id',
  'factor_type',
  'channel',
];
const value = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    '',
    'google',
    'github',
    's256',
    'plain',
    'S256',
    'pkce',
    'id_token',
    'password',
    'refresh_token',
    'global',
    'others',
    'true',
    'a'.repeat(43),
    'a'.repeat(129),
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    'https://evil.example/x',
    'http://127.0.0.1:1/x',
    'a@b.c',
    "' OR 1=1 --",
    '\u0000',
    '😀'.repeat(40),
    'x'.repeat(5000),
    'example.com',
    'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  ),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
const fields = fc.dictionary(fc.constantFrom(...NAMES), value, { maxKeys: 6 });
const body = fc.oneof(fields, fields, fc.jsonValue(), fc.string({ maxLength: 200 }), fc.constant(undefined));
const query = fc.dictionary(
  fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 })),
  fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('google', 's256', 'a'.repeat(43), 'pkce', 'id_token', 'true')),
  { maxKeys: 6 },
);
/** Real tokens, edited ones, another's, none: the bearer a request carries. */
const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(0, 1, 2).map((i) => bearer(tokens[i]!).authorization),
  fc.tuple(fc.constantFrom(0, 1, 2), fc.string({ minLength: 1, maxLength: 20 })).map(([i, junk]) => {
    const [h, , s] = tokens[i]!.split('.');
    return `Bearer ${h}.${Buffer.from(junk).toString('base64url')}.${s}`;
  }),
  fc.string({ maxLength: 100 }),
);
const pathValue = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 60 }));

test('10,000 generated requests to every /auth/v1 endpoint: none is answered 5xx', async () => {
  const endpoints = routesUnder(ctx.app, '/auth/v1');
  const seen = endpoints.map((e) => `${e.method} ${e.path}`);
  expect(seen).toEqual(
    expect.arrayContaining([
      'POST /auth/v1/token',
      'GET /auth/v1/user',
      'PUT /auth/v1/user',
      'POST /auth/v1/logout',
      'GET /auth/v1/authorize',
      'GET /auth/v1/callback',
      'POST /auth/v1/sso',
      'GET /auth/v1/user/identities/authorize',
      'DELETE /auth/v1/user/identities/:id',
    ]),
  );
  let sent = 0;
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...endpoints),
      body,
      query,
      authorization,
      fc.constantFrom('key', 'key', 'key', 'none', 'wrong'),
      pathValue,
      fc.boolean(),
      async (endpoint, payload, params, auth, apikey, id, asText) => {
        sent++;
        const url = `${endpoint.path.replace(/:[a-z_]+/g, encodeURIComponent(id))}?${new URLSearchParams(
          Object.fromEntries(Object.entries(params)),
        )}`;
        const headers: Record<string, string> = {};
        if (apikey === 'key') headers.apikey = key;
        if (apikey === 'wrong') headers.apikey = 'sb_publishable_not_this_one';
        if (auth !== undefined) headers.authorization = auth;
        const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
        if (hasBody) headers['content-type'] = asText ? 'text/plain' : 'application/json';
        const res = await ctx.app.inject({
          method: endpoint.method as 'POST',
          url,
          headers,
          remoteAddress: `10.${sent % 250}.${Math.floor(sent / 250) % 250}.7`,
          ...(hasBody ? { payload: typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? '') } : {}),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500)
          throw new Error(`${endpoint.method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      },
    ),
    { numRuns: 10_000 },
  );
  expect(sent).toBeGreaterThanOrEqual(10_000);
  // Not only refusals at the door: some requests got through to answers.
  expect([...statuses.keys()].some((s) => s < 400)).toBe(true);
}, 1_500_000);
