import { activatePremium } from '../src/modules/subscriptions/service.js';
import {
  addUser,
  callsAs,
  closeShared,
  ip,
  lastMail,
  PASSWORD,
  registerCompany,
  testApp,
  unique,
  type TestContext,
} from './helpers.js';

// The settings screens' API: deactivating users, resending invitations, and the access matrix's
// all-or-nothing save.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const { call } = callsAs(() => ctx.app);
const login = (userName: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip(),
    payload: { userName, password: PASSWORD },
  });

describe('deactivating a user', () => {
  test('a deactivated user cannot sign in, and the token they hold stops working for good; reactivated, they sign in again', async () => {
    const owner = await registerCompany(ctx.app);
    const clerk = await addUser(ctx.app, owner, ['Storekeeper']);
    expect((await call(clerk, 'GET', '/api/auth/getuser')).statusCode).toBe(200);

    const off = await call(owner, 'POST', `/api/users/${clerk.userId}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: clerk.userId, active: false, roles: ['Storekeeper'] });
    const listed = (await call(owner, 'GET', '/api/users')).json() as Array<{ id: string; active: boolean }>;
    expect(listed.find((u) => u.id === clerk.userId)?.active).toBe(false);
    expect(listed.find((u) => u.id === owner.userId)?.active).toBe(true);

    // the caller's own session and a permission route alike
    for (const url of ['/api/auth/getuser', '/api/items?limit=1']) {
      const res = await call(clerk, 'GET', url);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        status: 401,
        code: 'USER_DEACTIVATED',
      });
    }
    const refused = await login(clerk.userName);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'USER_DEACTIVATED',
      message: 'This account has been deactivated. Ask your company administrator.',
    });
    // a wrong password still says only that the credentials are wrong: no hint the account exists
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip(),
      payload: { userName: clerk.userName, password: 'not-the-password' },
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    const on = await call(owner, 'POST', `/api/users/${clerk.userId}/reactivate`);
    expect(on.json()).toMatchObject({ active: true });
    // Deactivation ended the session: its token stays refused, a new sign-in works.
    expect((await call(clerk, 'GET', '/api/auth/getuser')).json().code).toBe('SESSION_ENDED');
    const again = await login(clerk.userName);
    expect(again.statusCode).toBe(200);
    expect((await call({ ...clerk, token: again.json().token }, 'GET', '/api/auth/getuser')).statusCode).toBe(200);
  });

  test('the Company Owner cannot be deactivated, nor can anybody deactivate themselves; another company’s user is 404', async () => {
    const owner = await registerCompany(ctx.app);
    const admin = await addUser(ctx.app, owner, ['Admin']);
    const byAdmin = await call(admin, 'POST', `/api/users/${owner.userId}/deactivate`);
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toMatch(/Company Owner and cannot be deactivated/);
    const self = await call(admin, 'POST', `/api/users/${admin.userId}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot deactivate yourself.');
    const ownSelf = await call(owner, 'POST', `/api/users/${owner.userId}/deactivate`);
    expect(ownSelf.statusCode).toBe(409);

    const other = await registerCompany(ctx.app);
    expect((await call(other, 'POST', `/api/users/${admin.userId}/deactivate`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/auth/getuser')).statusCode).toBe(200);

    const storekeeper = await addUser(ctx.app, owner, ['Storekeeper']);
    expect((await call(storekeeper, 'POST', `/api/users/${admin.userId}/deactivate`)).statusCode).toBe(403);
  });
});

describe('resending an invitation', () => {
  test('mails the link again and renews its term; an accepted or revoked one is 409', async () => {
    const owner = await registerCompany(ctx.app, 'Resending Co');
    const email = `${unique('again')}@example.com`;
    const created = (await call(owner, 'POST', '/api/invitations', { email, roles: ['Rapid Seller'] })).json();
    await ctx.db.query(`DELETE FROM mail_outbox WHERE lower(to_address) = lower($1)`, [email]);
    await ctx.db.query(`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE id = $1`, [created.id]);
    expect(
      (await call(owner, 'GET', '/api/invitations')).json().find((i: { id: string }) => i.id === created.id).status,
    ).toBe('expired');

    const resent = await call(owner, 'POST', `/api/invitations/${created.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: created.id, status: 'pending', inviteUrl: created.inviteUrl });
    const days = (Date.parse(resent.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const mail = await lastMail(ctx.app, email);
    expect(mail?.subject).toBe('You are invited to join Resending Co on Stockwise');
    expect(mail?.text).toContain(`/register?invitationId=${created.id}`);

    await call(owner, 'POST', `/api/invitations/${created.id}/revoke`);
    const revoked = await call(owner, 'POST', `/api/invitations/${created.id}/resend`);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().code).toBe('INVITATION_REVOKED');
  });

  test('an expired invitation needs a free seat again: on a full Free plan it is PLAN_LIMIT_USERS', async () => {
    const owner = await registerCompany(ctx.app);
    const first = (
      await call(owner, 'POST', '/api/invitations', { email: `${unique()}@example.com`, roles: ['Storekeeper'] })
    ).json();
    await ctx.db.query(`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE id = $1`, [first.id]);
    // Free: 3 seats — the owner and two more
    await addUser(ctx.app, owner, ['Storekeeper']);
    await addUser(ctx.app, owner, ['Storekeeper']);
    const res = await call(owner, 'POST', `/api/invitations/${first.id}/resend`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PLAN_LIMIT_USERS');
  });
});

describe('the access matrix saved in one action', () => {
  async function setUp() {
    const owner = await registerCompany(ctx.app);
    const roles = (await call(owner, 'GET', '/api/roles')).json() as Array<{ id: string; name: string }>;
    const types = (await call(owner, 'GET', '/api/transaction-types')).json().items as Array<{
      id: string;
      name: string;
    }>;
    const role = (name: string) => roles.find((r) => r.name === name)!.id;
    const type = (name: string) => types.find((t) => t.name === name)!.id;
    const claimsOf = async (name: string) =>
      (await call(owner, 'GET', `/api/roles/${role(name)}/claims`)).json().claims as Array<{
        type: string;
        value: string;
      }>;
    return { owner, role, type, claimsOf };
  }

  test('a role that loses a transaction type’s claim: its holder is refused that type on the next request', async () => {
    const { owner, role, type, claimsOf } = await setUp();
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    // two locations: past the Free plan's one
    await activatePremium(ctx.db, owner.companyId, 'month', new Date(Date.now() + 30 * 86_400_000));
    const itemType = (await call(owner, 'POST', '/api/item-types', { name: 'Phone' })).json().id;
    const shelf = (await call(owner, 'POST', '/api/locations', { name: 'Shelf' })).json().id;
    const back = (await call(owner, 'POST', '/api/locations', { name: 'Back room' })).json().id;
    await call(owner, 'POST', '/api/items/receive', {
      itemTypeId: itemType,
      locationId: shelf,
      serials: ['M-1', 'M-2'],
    });
    const move = (serial: string, to: string) =>
      call(keeper, 'POST', '/api/transactions', {
        transactionTypeId: type('Move'),
        serials: [serial],
        toLocationId: to,
      });
    expect((await move('M-1', back)).statusCode).toBe(201);

    const keeperClaims = (await claimsOf('Storekeeper')).filter((c) => c.value !== type('Move'));
    const saved = await call(owner, 'PUT', '/api/roles/claims', {
      roles: [
        { roleId: role('Storekeeper'), claims: keeperClaims },
        {
          roleId: role('Rapid Seller'),
          claims: [...(await claimsOf('Rapid Seller')), { type: 'transaction-type', value: type('Move') }],
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toHaveLength(2);
    const refused = await move('M-2', back);
    expect(refused.statusCode).toBe(403);
    expect((await claimsOf('Rapid Seller')).map((c) => c.value)).toContain(type('Move'));
  });

  test('one refused role leaves every role as it was', async () => {
    const { owner, role, type, claimsOf } = await setUp();
    const before = await claimsOf('Storekeeper');
    const res = await call(owner, 'PUT', '/api/roles/claims', {
      roles: [
        { roleId: role('Storekeeper'), claims: [] },
        { roleId: role('Company Owner'), claims: [{ type: 'transaction-type', value: type('Move') }] },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The Company Owner role holds every claim and cannot lose any.');
    expect(await claimsOf('Storekeeper')).toEqual(before);

    const twice = await call(owner, 'PUT', '/api/roles/claims', {
      roles: [
        { roleId: role('Storekeeper'), claims: [] },
        { roleId: role('Storekeeper'), claims: [] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(await claimsOf('Storekeeper')).toEqual(before);
  });

  test('another company’s role is 404 and nothing changes', async () => {
    const alpha = await setUp();
    const beta = await registerCompany(ctx.app);
    const before = await alpha.claimsOf('Storekeeper');
    const res = await call(beta, 'PUT', '/api/roles/claims', {
      roles: [{ roleId: alpha.role('Storekeeper'), claims: [] }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(alpha.role('Storekeeper'));
    expect(await alpha.claimsOf('Storekeeper')).toEqual(before);
  });
});
