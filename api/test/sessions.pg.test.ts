import { ip, PASSWORD, registerCompany, unique } from './helpers.js';
import { scriptClient } from './supabase-client.js';
import { call as http, startApi, type ApiProcess } from './processes.js';

// Sessions across two API processes on one PostgreSQL: a session signed in on one replica is
// refreshed on the other, and a sign-out on one is refused by the other on its next request —
// the check reads the sessions table, no replica keeps a copy.
if (!process.env.DATABASE_URL) throw new Error('sessions.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');

let a: ApiProcess;
let b: ApiProcess;
let key: string;

const call = (replica: ApiProcess, method: string, url: string, options: Parameters<typeof http>[3] = {}) =>
  http(replica.base, method, url, { ...options, headers: { 'x-forwarded-for': ip(), ...options.headers } });

const client = (replica: ApiProcess) => scriptClient(replica.base, key);

beforeAll(async () => {
  const env = { DATABASE_URL: process.env.DATABASE_URL!, TRUST_PROXY: '1' };
  a = await startApi(env);
  b = await startApi(env);
  key = (await call(a, 'GET', '/api/environment')).body.auth.key;
}, 240_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

test('a session refreshed on one replica and signed out on it is refused by the other at once', async () => {
  const { userName, email } = await registerCompany(a.base, unique('Sessions Co '));
  const onA = client(a);
  const onB = client(b);
  const direct = await call(a, 'POST', '/api/auth/login', { body: { userName, password: PASSWORD } });
  if (direct.status !== 200) throw new Error(`login failed: ${JSON.stringify(direct.body)}`);
  const first = await onA.auth.signInWithPassword({ email, password: PASSWORD });
  expect(first.error).toBeNull();
  const second = await onB.auth.signInWithPassword({ email, password: PASSWORD });
  expect(second.error).toBeNull();
  // Rotation on the other replica: the token issued by A is used up on B.
  const rotated = await client(b).auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
  expect(rotated.error).toBeNull();
  const tokenOnB = second.data.session!.access_token;
  expect((await call(b, 'GET', '/api/items', { token: tokenOnB })).status).toBe(200);
  expect((await call(b, 'GET', '/api/auth/getuser', { token: direct.body.token })).status).toBe(200);
  // Global sign-out on A, with A's refreshed session.
  await onA.auth.setSession(rotated.data.session!);
  expect((await onA.auth.signOut()).error).toBeNull();
  for (const replica of [a, b]) {
    for (const url of ['/api/items', '/api/auth/getuser']) {
      const res = await call(replica, 'GET', url, { token: tokenOnB });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('SESSION_ENDED');
    }
    expect((await call(replica, 'GET', '/api/auth/getuser', { token: direct.body.token })).status).toBe(401);
  }
  const again = await client(a).auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
  expect(again.error).toMatchObject({ code: 'refresh_token_not_found' });
});
