import { APP_ROLE } from '../src/db/migrations.js';
import { inTenant } from '../src/db/tenant.js';
import {
  addUser,
  bearer,
  closeShared,
  ip,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';
import { PRIVATE_TABLES, tables, tenantTables } from './catalogue.js';

let ctx: TestContext;
let a: Tenant;
let aKeeper: Tenant;
let b: Tenant;
let aInvitation: string;

beforeAll(async () => {
  ctx = await testApp();
  a = await registerCompany(ctx.app, { name: 'Alpha Inc', premium: true });
  b = await registerCompany(ctx.app, 'Beta GmbH');
  aKeeper = await addUser(ctx.app, a, ['Storekeeper']);
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/updateuser',
    headers: bearer(a.token),
    payload: {
      profilePictureUrl: `http://localhost:8080/storage/v1/object/public/company-logos/${a.companyId}/profile-pictures/${a.userId}/1.png`,
    },
  });
  const inv = await ctx.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: bearer(a.token),
    payload: { email: `${unique()}@alpha.io`, roles: ['Admin'] },
  });
  aInvitation = inv.json().id;
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress: ip(),
    payload: { email: a.email },
  });
  // three argon2 sign-ups and sign-ins on a fresh PGlite: well under a minute, unless the machine is shared
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const alphaIds = () => [a.companyId, a.userId, aKeeper.userId, aInvitation];
function expectNothingOfAlpha(body: string) {
  for (const id of alphaIds()) expect(body).not.toContain(id);
  expect(body).not.toContain('Alpha Inc');
  expect(body).not.toContain(a.userName);
}

describe('every endpoint, tried by another company (Beta) with Alpha’s ids', () => {
  test('GET /api/company/{alpha} → 404', async () => {
    const res = await ctx.app.inject({ url: `/api/company/${a.companyId}`, headers: bearer(b.token) });
    expect(res.statusCode).toBe(404);
    expectNothingOfAlpha(res.body);
  });

  test('PUT /api/company/{alpha} → 404 and Alpha is unchanged', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/company/${a.companyId}`,
      headers: bearer(b.token),
      payload: { companyName: 'Pwned' },
    });
    expect(res.statusCode).toBe(404);
    const mine = await ctx.app.inject({ url: '/api/company', headers: bearer(a.token) });
    expect(mine.json().companyName).toBe('Alpha Inc');
  });

  test('GET /api/auth/profile-picture/{alpha user} → 404, no redirect to Alpha’s picture', async () => {
    const res = await ctx.app.inject({ url: `/api/auth/profile-picture/${a.userId}`, headers: bearer(b.token) });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    const own = await ctx.app.inject({ url: `/api/auth/profile-picture/${a.userId}`, headers: bearer(aKeeper.token) });
    expect(own.statusCode).toBe(302);
  });

  test('POST /api/invitations/{alpha invitation}/revoke → 404 and it stays pending', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/invitations/${aInvitation}/revoke`,
      headers: bearer(b.token),
    });
    expect(res.statusCode).toBe(404);
    const list = await ctx.app.inject({ url: '/api/invitations', headers: bearer(a.token) });
    expect(list.json().find((i: { id: string }) => i.id === aInvitation).status).toBe('pending');
  });

  test('list and self endpoints answer only Beta’s data', async () => {
    for (const url of [
      '/api/company',
      '/api/users',
      '/api/invitations',
      '/api/roles',
      '/api/auth/getuser',
      '/api/subscription/current',
      '/api/users/limit',
    ]) {
      const res = await ctx.app.inject({ url, headers: bearer(b.token) });
      expect(res.statusCode).toBe(200);
      expectNothingOfAlpha(res.body);
    }
    const sub = await ctx.app.inject({ url: '/api/subscription/current', headers: bearer(b.token) });
    expect(sub.json().plan.planType).toBe(0); // Alpha is Premium, Beta is not
    const users = await ctx.app.inject({ url: '/api/users', headers: bearer(b.token) });
    expect(users.json().map((u: { id: string }) => u.id)).toEqual([b.userId]);
  });

  test('PUT /api/auth/updateuser cannot reach another user: it only ever changes the caller', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/updateuser',
      headers: bearer(b.token),
      payload: { firstName: 'Changed' },
    });
    expect(res.json().id).toBe(b.userId);
    const alpha = await ctx.app.inject({ url: '/api/auth/getuser', headers: bearer(a.token) });
    expect(alpha.json().firstName).toBe('Olga');
  });

  test('Alpha’s Storekeeper (same company, wrong role) may not write the company or invite', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/company/${a.companyId}`,
          headers: bearer(aKeeper.token),
          payload: { phone: '1' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/users', headers: bearer(aKeeper.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/invitations', headers: bearer(aKeeper.token) })).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/invitations/${aInvitation}/revoke`,
          headers: bearer(aKeeper.token),
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the database wall (row-level security)', () => {
  test('as the app role without the company setting, no tenant row is visible', async () => {
    const TENANT_TABLES = await tenantTables(ctx.db);
    expect(TENANT_TABLES).toEqual(expect.arrayContaining(['companies', 'users', 'locations', 'billing_payments']));
    const counts = await ctx.db.transaction(async (q) => {
      await q.query(`SET LOCAL ROLE ${APP_ROLE}`);
      const out: Record<string, number> = {};
      for (const t of TENANT_TABLES)
        out[t] = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]!.n;
      return out;
    });
    expect(counts).toEqual(Object.fromEntries(TENANT_TABLES.map((t) => [t, 0])));
    // …while the rows do exist (the owner connection is a superuser in tests and bypasses RLS)
    const [{ n }] = (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE company_id = $1`, [
      a.companyId,
    ])) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(2);
  });

  test('bound to Alpha, only Alpha’s rows are visible and Beta’s rows cannot be written', async () => {
    await inTenant(ctx.db, a.companyId, async (q) => {
      const companies = await q.query<{ id: string }>(`SELECT id FROM companies`);
      expect(companies.map((c) => c.id)).toEqual([a.companyId]);
      const updated = await q.query(`UPDATE users SET first_name = 'x' WHERE company_id = $1 RETURNING id`, [
        b.companyId,
      ]);
      expect(updated).toEqual([]);
    });
    await expect(
      inTenant(ctx.db, a.companyId, (q) =>
        q.query(`INSERT INTO roles (company_id, name) VALUES ($1, 'Smuggled')`, [b.companyId]),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  test('every table with a company_id (but the named directories) has RLS enabled and forced, with the tenant policy; the app role owns no table', async () => {
    const tenant = await tenantTables(ctx.db);
    const all = await tables(ctx.db);
    for (const t of all.filter((x) => tenant.includes(x.name))) {
      expect({ table: t.name, rls: t.rls, forced: t.forced }).toEqual({ table: t.name, rls: true, forced: true });
    }
    for (const t of all) expect({ table: t.name, owner: t.owner }).not.toEqual({ table: t.name, owner: APP_ROLE });
    const policies = await ctx.db.query<{ tablename: string }>(
      `SELECT tablename FROM pg_policies WHERE policyname = 'tenant_isolation' AND schemaname = current_schema()`,
    );
    expect(policies.map((p) => p.tablename).sort()).toEqual([...tenant].sort());
    const [role] = await ctx.db.query<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>(
      `SELECT rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = $1`,
      [APP_ROLE],
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
  });

  test('the app role cannot read the private tables (serial search words) but through their company-bound function', async () => {
    for (const table of PRIVATE_TABLES)
      await expect(
        ctx.db.transaction(async (q) => {
          await q.query(`SET LOCAL ROLE ${APP_ROLE}`);
          return q.query(`SELECT count(*) FROM ${table}`);
        }),
      ).rejects.toThrow(/permission denied/);
  });

  test('the app role cannot read generated secrets', async () => {
    await expect(
      ctx.db.transaction(async (q) => {
        await q.query(`SET LOCAL ROLE ${APP_ROLE}`);
        return q.query(`SELECT value FROM app_secrets`);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});
