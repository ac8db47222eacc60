import { APP_ROLE } from '../src/db/migrations.js';
import { inTenant } from '../src/db/tenant.js';
import { recordAudit } from '../src/modules/audit/index.js';
import { activatePremium, downgradeToFree } from '../src/modules/subscriptions/service.js';
import {
  addUser,
  callsAs,
  closeShared,
  defaultCatalogue,
  registerCompany,
  testApp,
  unique,
  type Tenant,
  type TestContext,
} from './helpers.js';

// The audit log of settings (GET /api/audit-log): every change to a setting is recorded with who
// made it and the values before and after, in the change's own transaction; the log is read by
// who manages the settings, filtered, paged and exported, and nobody can rewrite it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await closeShared();
});

const { call } = callsAs(() => ctx.app);

interface Row {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string | null;
  entity: string;
  entityId: string | null;
  entityName: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const log = async (who: Tenant, query = '') => {
  const res = await call(who, 'GET', `/api/audit-log${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Row[]; nextCursor: string | null };
};
const roleId = async (who: Tenant, name: string) =>
  ((await call(who, 'GET', '/api/roles')).json() as Array<{ id: string; name: string }>).find((r) => r.name === name)!
    .id;

describe('what is recorded', () => {
  test('a claim change: who, which role, the permissions before and after', async () => {
    const owner = await registerCompany(ctx.app);
    const keeper = await roleId(owner, 'Storekeeper');
    const before = (await call(owner, 'GET', `/api/roles/${keeper}/claims`)).json().claims as Array<{
      type: string;
      value: string;
    }>;
    const claims = [
      ...before.filter((c) => c.value !== 'reports.view'),
      { type: 'permission', value: 'customers.view' },
    ];
    expect((await call(owner, 'PUT', `/api/roles/${keeper}/claims`, { claims })).statusCode).toBe(200);

    const [row] = (await log(owner, '?entity=role-claims')).items;
    expect(row).toMatchObject({
      actorId: owner.userId,
      actorName: owner.userName,
      entity: 'role-claims',
      entityId: keeper,
      entityName: 'Storekeeper',
      action: 'update',
    });
    expect(row!.before!.permissions).toContain('reports.view');
    expect(row!.before!.permissions).not.toContain('customers.view');
    expect(row!.after!.permissions).toContain('customers.view');
    expect(row!.after!.permissions).not.toContain('reports.view');
    // transaction types by name, not by id
    expect(row!.before!.transactionTypes).toEqual(['Change status', 'Move', 'Repair', 'Test']);
  });

  test('roles, users, invitations, company data, labels, statuses, the catalogue and the plan are each recorded', async () => {
    const owner = await registerCompany(ctx.app);
    const clerk = await addUser(ctx.app, owner, ['Storekeeper']);

    const role = (await call(owner, 'POST', '/api/roles', { name: 'Auditors' })).json().id as string;
    await call(owner, 'PUT', `/api/roles/${role}`, { name: 'Auditing' });
    await call(owner, 'DELETE', `/api/roles/${role}`);
    await call(owner, 'PUT', `/api/users/${clerk.userId}/roles`, { roles: ['Storekeeper', 'Rapid Seller'] });
    await call(owner, 'POST', `/api/users/${clerk.userId}/deactivate`);
    await call(owner, 'POST', `/api/users/${clerk.userId}/reactivate`);
    const invitation = (
      await call(owner, 'POST', '/api/invitations', { email: `${unique('inv')}@example.com`, roles: ['Rapid Seller'] })
    ).json().id as string;
    await call(owner, 'POST', `/api/invitations/${invitation}/resend`);
    await call(owner, 'POST', `/api/invitations/${invitation}/revoke`);
    await call(owner, 'PUT', `/api/company/${owner.companyId}`, { companyName: 'Renamed Ltd', phone: '555' });
    await call(owner, 'PUT', '/api/label-settings', { widthMm: 60 });
    await call(owner, 'PUT', '/api/statuses/in_stock', { name: 'On the shelf' });
    const { location, itemType } = await defaultCatalogue(ctx.app, owner);
    await call(owner, 'PUT', `/api/locations/${location}`, { name: 'Front shop' });
    await call(owner, 'PUT', `/api/item-types/${itemType}`, { name: 'Phones' });
    const brand = (await call(owner, 'POST', '/api/brands', { name: 'Acme' })).json().id as string;
    await call(owner, 'DELETE', `/api/brands/${brand}`);
    const type = (
      await call(owner, 'POST', '/api/transaction-types', {
        name: 'Lend',
        kind: 'move',
        fromStatuses: ['in_stock'],
      })
    ).json();
    expect(type.id).toBeDefined();
    await activatePremium(ctx.db, owner.companyId, 'month', new Date(Date.now() + 30 * 86_400_000));
    await downgradeToFree(ctx.db, owner.companyId);

    const rows = (await log(owner, '?limit=100')).items.reverse();
    const seen = rows.map((r) => `${r.entity} ${r.action} ${r.entityName}`);
    expect(seen).toEqual([
      // the clerk's invitation (addUser)
      `invitation create ${clerk.email}`,
      'role create Auditors',
      'role update Auditing',
      'role delete Auditing',
      `user-roles update ${clerk.userName}`,
      `user deactivate ${clerk.userName}`,
      `user reactivate ${clerk.userName}`,
      expect.stringMatching(/^invitation create inv/),
      expect.stringMatching(/^invitation resend inv/),
      expect.stringMatching(/^invitation revoke inv/),
      'company update Renamed Ltd',
      'label-settings update null',
      'status update in_stock',
      'location update Front shop',
      'item-type update Phones',
      'brand create Acme',
      'brand delete Acme',
      'transaction-type create Lend',
      'subscription update Premium Plan',
      'subscription update Free Plan',
    ]);
    const find = (entity: string, action: string) => rows.find((r) => r.entity === entity && r.action === action)!;
    expect(find('role', 'update')).toMatchObject({ before: { name: 'Auditors' }, after: { name: 'Auditing' } });
    expect(find('user-roles', 'update')).toMatchObject({
      before: { roles: ['Storekeeper'] },
      after: { roles: ['Rapid Seller', 'Storekeeper'] },
    });
    expect(find('user', 'deactivate')).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(find('company', 'update').before).toMatchObject({ phone: '123' });
    expect(find('company', 'update').after).toMatchObject({ companyName: 'Renamed Ltd', phone: '555' });
    // Before: the company's saved settings (the defaults its registration wrote), or none.
    const labels = find('label-settings', 'update');
    expect(labels.after).toMatchObject({ widthMm: 60 });
    expect([null, 50]).toContain((labels.before as { widthMm?: number } | null)?.widthMm ?? null);
    expect(find('status', 'update').after).toMatchObject({ name: 'On the shelf' });
    expect(find('brand', 'delete')).toMatchObject({ before: { name: 'Acme' }, after: null });
    // the plan is changed by the payment provider, not by a user
    expect(find('subscription', 'update')).toMatchObject({ actorId: null, actorName: null });
    expect(rows.filter((r) => r.entity !== 'subscription').every((r) => r.actorId === owner.userId)).toBe(true);
  });

  test('a refused change records nothing, and a change that changes nothing is not recorded', async () => {
    const owner = await registerCompany(ctx.app);
    const admin = await roleId(owner, 'Admin');
    expect((await call(owner, 'PUT', `/api/roles/${admin}`, { name: 'Boss' })).statusCode).toBe(409);
    const keeper = await roleId(owner, 'Storekeeper');
    const claims = (await call(owner, 'GET', `/api/roles/${keeper}/claims`)).json().claims;
    expect((await call(owner, 'PUT', `/api/roles/${keeper}/claims`, { claims })).statusCode).toBe(200);
    expect((await log(owner)).items).toEqual([]);
  });

  test('the change and its audit row are one: when the row cannot be written, the change is not made', async () => {
    const owner = await registerCompany(ctx.app);
    const role = (await call(owner, 'POST', '/api/roles', { name: 'Cashiers' })).json().id as string;
    // A trigger (as the database owner) that refuses the audit row of one rename.
    await ctx.db.transaction(async (q) => {
      await q.query(`CREATE FUNCTION test_refuse_audit_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN IF NEW.entity_name = 'Refused name' THEN RAISE EXCEPTION 'audit row refused'; END IF; RETURN NEW; END $fn$`);
      await q.query(`CREATE TRIGGER test_refuse_audit_row BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION test_refuse_audit_row()`);
    });
    try {
      const res = await call(owner, 'PUT', `/api/roles/${role}`, { name: 'Refused name' });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.transaction(async (q) => {
        await q.query(`DROP TRIGGER test_refuse_audit_row ON audit_log`);
        await q.query(`DROP FUNCTION test_refuse_audit_row()`);
      });
    }
    const names = ((await call(owner, 'GET', '/api/roles')).json() as Array<{ name: string }>).map((r) => r.name);
    expect(names).toContain('Cashiers');
    expect(names).not.toContain('Refused name');
    expect((await log(owner)).items.map((r) => `${r.action} ${r.entityName}`)).toEqual(['create Cashiers']);
  });

  test('a credential never reaches the log, whatever a caller passes', async () => {
    const owner = await registerCompany(ctx.app);
    await inTenant(ctx.db, owner.companyId, (q) =>
      recordAudit(q, {
        companyId: owner.companyId,
        actorId: owner.userId,
        entity: 'sso-provider',
        entityName: 'example.com',
        action: 'update',
        before: { clientId: 'a', clientSecret: 'old-s3cret', hasClientSecret: true },
        after: {
          clientId: 'b',
          clientSecret: 'new-s3cret',
          nested: { password: 'pw', token: 'tk' },
          hasClientSecret: true,
        },
      }),
    );
    const res = await call(owner, 'GET', '/api/audit-log');
    expect(res.body).not.toMatch(/s3cret|"pw"|"tk"/);
    expect(res.json().items[0]).toMatchObject({
      before: { clientId: 'a', hasClientSecret: true },
      after: { clientId: 'b', nested: {}, hasClientSecret: true },
    });
  });
});

describe('who reads it', () => {
  test('the owner and the admin read it (settings.manage); other roles are refused; each company sees only its own', async () => {
    const owner = await registerCompany(ctx.app);
    const admin = await addUser(ctx.app, owner, ['Admin']);
    const keeper = await addUser(ctx.app, owner, ['Storekeeper']);
    await call(owner, 'POST', '/api/roles', { name: 'Night shift' });
    expect((await log(admin)).items.map((r) => r.entityName)).toContain('Night shift');
    expect((await call(keeper, 'GET', '/api/audit-log')).statusCode).toBe(403);

    const other = await registerCompany(ctx.app);
    const theirs = await log(other);
    expect(theirs.items.some((r) => r.entityName === 'Night shift')).toBe(false);
    expect(theirs.items.every((r) => r.actorId === null || r.actorId === other.userId)).toBe(true);
    // another company's user as a filter finds nothing
    expect((await log(other, `?actorId=${owner.userId}`)).items).toEqual([]);
  });
});

describe('reading it', () => {
  test('filters by who, what kind and date range; pages by keyset without repeats; bad input is a 400', async () => {
    const owner = await registerCompany(ctx.app);
    const admin = await addUser(ctx.app, owner, ['Admin']);
    for (const name of ['A1', 'A2', 'A3']) await call(owner, 'POST', '/api/roles', { name });
    await call(admin, 'POST', '/api/brands', { name: 'Only brand' });

    const byAdmin = await log(owner, `?actorId=${admin.userId}`);
    expect(byAdmin.items.map((r) => r.entityName)).toEqual(['Only brand']);
    expect((await log(owner, '?entity=role')).items.map((r) => r.entityName)).toEqual(['A3', 'A2', 'A1']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await log(owner, `?entity=role&from=${tomorrow}`)).items).toEqual([]);
    expect((await log(owner, `?entity=role&to=${tomorrow}`)).items).toHaveLength(3);

    const first = await log(owner, '?entity=role&limit=2');
    expect(first.items.map((r) => r.entityName)).toEqual(['A3', 'A2']);
    const second = await log(owner, `?entity=role&limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ items: [expect.objectContaining({ entityName: 'A1' })], nextCursor: null });

    for (const bad of ['?entity=salary', '?actorId=me', '?from=2026-02-01&to=2026-01-01', '?cursor=WyJ4Il0'])
      expect({ bad, status: (await call(owner, 'GET', `/api/audit-log${bad}`)).statusCode }).toEqual({
        bad,
        status: 400,
      });
  });

  test('exports for people in their language (csv, xlsx) and raw for machines', async () => {
    const owner = await registerCompany(ctx.app);
    await call(owner, 'POST', '/api/roles', { name: 'Exporters' });
    const tr = await call(owner, 'GET', '/api/audit-log?format=csv&lang=tr&timeZone=Europe/Istanbul');
    expect(tr.statusCode).toBe(200);
    const [header, line] = tr.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe('Zaman,Yapan,Ayar,Ad,Değişiklik,Önce,Sonra');
    expect(line).toContain(`${owner.userName},Rol,Exporters,Oluşturuldu,,"{""name"":""Exporters""}"`);
    const en = await call(owner, 'GET', '/api/audit-log?format=csv');
    expect(en.body).toContain('When,By,Setting,Name,Change,Before,After');
    const sheet = await call(owner, 'GET', '/api/audit-log?format=xlsx');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const raw = await call(owner, 'GET', '/api/audit-log?format=raw-csv');
    expect(raw.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
      'id,createdAt,actorId,actorName,entity,entityId,entityName,action,before,after',
    );
  });
});

describe('append-only', () => {
  test('the app role cannot UPDATE or DELETE a row, and neither can the table owner', async () => {
    const owner = await registerCompany(ctx.app);
    await call(owner, 'POST', '/api/roles', { name: 'Forgers' });
    const attempt = (statement: string, asApp: boolean) =>
      asApp
        ? inTenant(ctx.db, owner.companyId, (q) => q.query(statement, [owner.companyId]))
        : ctx.db.transaction((q) => q.query(statement, [owner.companyId]));
    for (const asApp of [true, false]) {
      await expect(attempt(`UPDATE audit_log SET entity_name = 'Nobody' WHERE company_id = $1`, asApp)).rejects.toThrow(
        asApp ? /permission denied/ : /append-only/,
      );
      await expect(attempt(`DELETE FROM audit_log WHERE company_id = $1`, asApp)).rejects.toThrow(
        asApp ? /permission denied/ : /append-only/,
      );
    }
    expect((await log(owner)).items.map((r) => r.entityName)).toEqual(['Forgers']);
    const [grants] = await ctx.db.query<{ update: boolean; del: boolean; insert: boolean }>(
      `SELECT has_table_privilege($1, 'audit_log', 'UPDATE') AS update, has_table_privilege($1, 'audit_log', 'DELETE') AS del,
              has_table_privilege($1, 'audit_log', 'INSERT') AS insert`,
      [APP_ROLE],
    );
    expect(grants).toEqual({ update: false, del: false, insert: true });
  });
});
