import { decodeJwt } from 'jose';
import { bearer, registerCompany, signIn, testApp, type TestContext } from './helpers.js';

// GET /api/auth/getuser is the call every screen makes first; it reads the caller's access and
// profile in one statement (stockwise_getuser) instead of BEGIN, the access read, the profile and
// COMMIT. These check that it still answers the same and refuses what it refused, at once.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await ctx.close();
});

const getuser = (token: string) => ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(token) });

test('getuser answers the profile the sign-in answered, in one statement to the database and no transaction', async () => {
  const t = await registerCompany(ctx.app, 'One Statement Ltd');
  const login = await signIn(ctx.app, t.userName);
  // Count what the request asks of the database (app.db is this object).
  const db = ctx.db;
  const { transaction, query } = db;
  const asked = { transactions: 0, statements: 0 };
  db.transaction = (fn) => (asked.transactions++, transaction(fn));
  db.query = (sql, params) => (asked.statements++, query(sql, params));
  try {
    const res = await getuser(login.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(login.user);
    expect(res.json()).toMatchObject({ companyName: 'One Statement Ltd', roles: ['Admin', 'Company Owner'] });
    expect(asked).toEqual({ transactions: 0, statements: 1 });
  } finally {
    db.transaction = transaction;
    db.query = query;
  }
});

test('a session ended from another device is refused by getuser on its very next call', async () => {
  const t = await registerCompany(ctx.app);
  const other = await signIn(ctx.app, t.userName);
  expect((await getuser(other.token)).statusCode).toBe(200);
  const ended = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/auth/sessions/${decodeJwt(other.token).session_id as string}`,
    headers: bearer(t.token),
  });
  expect(ended.statusCode).toBe(204);
  const refused = await getuser(other.token);
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toMatchObject({ code: 'SESSION_ENDED' });
  expect((await getuser(t.token)).statusCode).toBe(200);
});

test('a user whose session owes its second factor still gets their profile (the verification step shows whom it is for)', async () => {
  const t = await registerCompany(ctx.app);
  await ctx.db.query(`UPDATE companies SET require_mfa_for_admins = true WHERE id = $1`, [t.companyId]);
  const res = await getuser(t.token);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ id: t.userId, companyId: t.companyId });
  const items = await ctx.app.inject({ url: '/api/items', headers: bearer(t.token) });
  expect(items.statusCode).toBe(403);
});
