import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  PASSWORD,
  registerCompany,
  type Tenant,
  type TestContext,
  testApp,
} from './helpers.js';
import { scriptClient } from './supabase-client.js';

// Profile → Security's endpoints: a user sees and ends their own sessions, nobody else's, and an
// ended session is refused at once — its access token on /api and its refresh token on /auth/v1.

let ctx: TestContext;
let base: string;
let key: string;

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  key = (await ctx.app.inject({ url: '/api/environment' })).json().auth.key;
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await closeShared();
});

interface Listed {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  userAgent: string | null;
  ip: string | null;
  signInMethod: string;
  aal: string;
  current: boolean;
}

const sessionOf = (token: string) => decodeJwt(token).session_id as string;

/** A sign-in through the spec's login, from a device. */
async function loginFrom(who: Tenant, userAgent: string, from = ip()) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: { 'user-agent': userAgent },
    payload: { userName: who.userName, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

/** A refreshable session through the auth service, as the browser's supabase-js client opens one. */
async function hostedSignIn(who: Tenant, userAgent = DESKTOP) {
  const supabase: SupabaseClient = scriptClient(base, key, { 'user-agent': userAgent });
  const { data, error } = await supabase.auth.signInWithPassword({ email: who.email, password: PASSWORD });
  expect(error).toBeNull();
  return { supabase, session: data.session! };
}

const list = async (token: string) => {
  const res = await ctx.app.inject({ url: '/api/auth/sessions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Listed[]; total: number };
};
const end = (token: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });
const endOthers = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others', headers: bearer(token) });
/** What /api answers a token: 200 while its session lives. */
const apiStatus = async (token: string) =>
  (await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(token) })).statusCode;

describe('GET /api/auth/sessions', () => {
  test('lists the caller’s own live sessions — device, place, sign-in, last active — the current one first and marked', async () => {
    const owner = await registerCompany(ctx.app);
    const colleague = await addUser(ctx.app, owner, ['Storekeeper']);
    const phone = await loginFrom(owner, PHONE, '203.0.113.7');
    const { session: desktop } = await hostedSignIn(owner);
    const colleagues = await loginFrom(colleague, DESKTOP);
    const ended = await loginFrom(owner, DESKTOP);
    expect((await end(ended, sessionOf(ended))).statusCode).toBe(204);

    const { items, total } = await list(phone);
    const ids = items.map((s) => s.id);
    // registerCompany's own sign-in, the phone and the desktop; not the ended one, not the colleague's.
    expect(total).toBe(3);
    expect(ids).toEqual(
      expect.arrayContaining([sessionOf(owner.token), sessionOf(phone), sessionOf(desktop.access_token)]),
    );
    expect(ids).not.toContain(sessionOf(ended));
    expect(ids).not.toContain(sessionOf(colleagues));
    expect(items[0]).toMatchObject({
      id: sessionOf(phone),
      current: true,
      userAgent: PHONE,
      ip: '203.0.113.7',
      signInMethod: 'password',
      aal: 'aal1',
    });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.id === sessionOf(desktop.access_token))).toMatchObject({ userAgent: DESKTOP });
    for (const s of items) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    expect(JSON.stringify(items)).not.toContain(colleague.userId);
  });

  test('“last active” is the last refresh of the session’s tokens', async () => {
    const owner = await registerCompany(ctx.app);
    const { supabase, session } = await hostedSignIn(owner);
    const id = sessionOf(session.access_token);
    // Signed in an hour ago (the database's own clock, as the owner of the test database).
    await ctx.db.query(`UPDATE auth_sessions SET created_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    const before = (await list(owner.token)).items.find((s) => s.id === id)!;
    expect(before.lastActiveAt).toBe(before.createdAt);
    const { error } = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    const after = (await list(owner.token)).items.find((s) => s.id === id)!;
    expect(Date.parse(after.lastActiveAt) - Date.parse(after.createdAt)).toBeGreaterThan(3_500_000);
  });

  test('without a token: 401', async () => {
    expect((await ctx.app.inject({ url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  test('ends one session: its access token is refused on /api at once and its refresh token on /auth/v1', async () => {
    const owner = await registerCompany(ctx.app);
    const { supabase, session } = await hostedSignIn(owner);
    expect(await apiStatus(session.access_token)).toBe(200);

    const res = await end(owner.token, sessionOf(session.access_token));
    expect(res.statusCode).toBe(204);

    const refused = await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(session.access_token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_ENDED' });
    const refreshed = await supabase.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    // The device that ended it goes on; the ended one is gone from the list, and cannot end twice.
    expect(await apiStatus(owner.token)).toBe(200);
    expect((await list(owner.token)).items.map((s) => s.id)).not.toContain(sessionOf(session.access_token));
    expect((await end(owner.token, sessionOf(session.access_token))).statusCode).toBe(404);
  });

  test('another user’s session, in the same company or another: 404, and it lives on', async () => {
    const owner = await registerCompany(ctx.app);
    const colleague = await addUser(ctx.app, owner, ['Admin']);
    const stranger = await registerCompany(ctx.app);
    for (const [caller, victim] of [
      [colleague, owner],
      [owner, colleague],
      [stranger, owner],
      [owner, stranger],
    ] as const) {
      const res = await end(caller.token, sessionOf(victim.token));
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(victim.userId);
      expect(await apiStatus(victim.token)).toBe(200);
    }
    // Nor does "everywhere else" reach another user's sessions.
    expect((await endOthers(colleague.token)).json()).toEqual({ ended: 0 });
    expect(await apiStatus(owner.token)).toBe(200);
  });

  test('an id that is not a session id: 400; an unknown one: 404', async () => {
    const owner = await registerCompany(ctx.app);
    const bad = await end(owner.token, 'not-a-session');
    expect(bad.statusCode).toBe(400);
    expect((await end(owner.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await apiStatus(owner.token)).toBe(200);
  });
});

describe('POST /api/auth/sessions/end-others', () => {
  test('ends every other session of the caller and keeps this one', async () => {
    const owner = await registerCompany(ctx.app);
    const phone = await loginFrom(owner, PHONE);
    const { supabase, session: desktop } = await hostedSignIn(owner);

    const res = await endOthers(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });

    expect(await apiStatus(phone)).toBe(200);
    expect(await apiStatus(owner.token)).toBe(401);
    expect(await apiStatus(desktop.access_token)).toBe(401);
    expect((await supabase.auth.refreshSession({ refresh_token: desktop.refresh_token })).error).toMatchObject({
      code: 'refresh_token_not_found',
    });
    const { items } = await list(phone);
    expect(items.map((s) => [s.id, s.current])).toEqual([[sessionOf(phone), true]]);
    // Nothing left to end.
    expect((await endOthers(phone)).json()).toEqual({ ended: 0 });
  });
});
