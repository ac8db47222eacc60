import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrations } from '../src/db/migrations.js';

// The migration files are the schema's history: numbered 1…n, no gap, no duplicate.
function folder(files: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sw-migrations-'));
  for (const f of files) writeFileSync(path.join(dir, f), `-- ${f}\nSELECT 1;`);
  return dir;
}

test('the project’s migrations are numbered 1…n with names NNNN-<module>-<what>.sql', () => {
  const migrations = readMigrations();
  expect(migrations.length).toBeGreaterThanOrEqual(4);
  expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
});

test('a duplicate number, a missing number or a bad name is refused before anything runs', () => {
  expect(() => readMigrations(folder(['0001-core-a.sql', '0002-core-b.sql', '0002-items-c.sql']))).toThrow(
    /two migrations are numbered 2/,
  );
  expect(() => readMigrations(folder(['0001-core-a.sql', '0003-core-c.sql']))).toThrow(/migration 2 is missing/);
  expect(() => readMigrations(folder(['0001-core-a.sql', '2-oops.sql']))).toThrow(/NNNN-<module>-<what>/);
  expect(readMigrations(folder(['0002-core-b.sql', '0001-core-a.sql'])).map((m) => m.version)).toEqual([1, 2]);
});

test('companies that existed before the inventory migrations get the built-in transaction types and role claims', async () => {
  const { openDatabase } = await import('../src/db/database.js');
  const { migrate } = await import('../src/db/migrations.js');
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    const all = readMigrations();
    await migrate(db, all.slice(0, 4));
    const company = '11111111-1111-4111-8111-111111111111';
    await db.exec(`
      INSERT INTO companies (id, company_name) VALUES ('${company}', 'Old Co');
      INSERT INTO roles (company_id, name, built_in) SELECT '${company}', unnest(ARRAY['Admin', 'Company Owner',
        'Storekeeper', 'New Item Operator', 'Rapid Seller', 'Account Manager']), true;`);
    expect(await migrate(db, all)).toEqual(all.slice(4).map((m) => m.version));
    const types = await db.query<{ name: string }>(
      `SELECT name FROM transaction_types WHERE company_id = $1 ORDER BY name`,
      [company],
    );
    expect(types.map((t) => t.name)).toEqual([
      'Change status',
      'Move',
      'Receive',
      'Repair',
      'Return',
      'Scrap',
      'Sell',
      'Test',
    ]);
    const claims = await db.query<{ name: string; n: number }>(
      `SELECT r.name, count(c.*)::int AS n FROM roles r LEFT JOIN role_claims c ON c.role_id = r.id
        WHERE r.company_id = $1 GROUP BY r.name ORDER BY r.name`,
      [company],
    );
    expect(Object.fromEntries(claims.map((c) => [c.name, c.n]))).toEqual({
      'Account Manager': 2,
      Admin: 26, // eighteen permissions (dashboard.view from 0010, items.cost.view from 0023, sales.void from 0025, warranty.manage from 0026, stock.count from 0029, stock.reorder from 0033, purchasing.manage from 0036, items.lend from 0037), eight transaction types
      'Company Owner': 0, // implicit: every claim
      'New Item Operator': 3,
      'Rapid Seller': 4,
      Storekeeper: 13, // warranty.manage from 0026, stock.count from 0029, stock.reorder from 0033, purchasing.manage from 0036, items.lend from 0037
    });
  } finally {
    await db.close();
  }
}, 60_000);

test('0013: a company that sold before continues after its counter; its counters become folded rows', async () => {
  const { openDatabase } = await import('../src/db/database.js');
  const { migrate } = await import('../src/db/migrations.js');
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    const all = readMigrations();
    const before = all.findIndex((m) => m.version === 13);
    await migrate(db, all.slice(0, before));
    const company = '22222222-2222-4222-8222-222222222222';
    const type = '33333333-3333-4333-8333-333333333333';
    const location = '44444444-4444-4444-8444-444444444444';
    await db.exec(`
      INSERT INTO companies (id, company_name) VALUES ('${company}', 'Selling Co');
      SELECT stockwise_seed_company('${company}');
      UPDATE sale_counters SET last_number = 41 WHERE company_id = '${company}';
      INSERT INTO item_types (company_id, id, name) VALUES ('${company}', '${type}', 'T');
      INSERT INTO locations (company_id, id, name, kind) VALUES ('${company}', '${location}', 'L', 'store');
      INSERT INTO items (company_id, serial, item_type_id, location_id, status)
        SELECT '${company}', 'OLD-' || g, '${type}', '${location}', 'in_stock' FROM generate_series(1, 3) g;`);
    expect(await migrate(db, all)).toEqual(all.slice(before).map((m) => m.version));
    const next = await db.transaction(async (q) => {
      await q.query(`SELECT set_config('app.company_id', $1, true)`, [company]);
      return q.query<{ n: number }>(`SELECT stockwise_next_sale_number() AS n`);
    });
    expect(next).toEqual([{ n: 42 }]);
    const counts = await db.query<{ items: number; folded: boolean }>(
      `SELECT items::int, folded FROM item_counts WHERE company_id = $1`,
      [company],
    );
    expect(counts).toEqual([{ items: 3, folded: true }]);
    const [gone] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class WHERE relname = 'sale_counters'`,
    );
    expect(gone!.n).toBe(0);
    // A company deleted takes its sequence with it.
    const empty = '55555555-5555-4555-8555-555555555555';
    await db.transaction(async (q) => {
      await q.query(`INSERT INTO companies (id, company_name) VALUES ($1, 'Empty Co')`, [empty]);
      await q.query(`SELECT set_config('app.company_id', $1, true)`, [empty]);
      await q.query(`SELECT stockwise_seed_company($1)`, [empty]);
    });
    const sequences = () =>
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_class WHERE relname = $1`, [
        `sale_numbers_${empty.replace(/-/g, '')}`,
      ]);
    expect(await sequences()).toEqual([{ n: 1 }]);
    await db.query(`DELETE FROM companies WHERE id = $1`, [empty]);
    expect(await sequences()).toEqual([{ n: 0 }]);
  } finally {
    await db.close();
  }
}, 60_000);

test('founder-holds-admin: each existing company’s founder (its first Company Owner) becomes Admin too, no one else', async () => {
  const { openDatabase } = await import('../src/db/database.js');
  const { migrate } = await import('../src/db/migrations.js');
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.startsWith('auth: the person who registered a company holds Admin'));
    expect(at).toBeGreaterThan(0);
    await migrate(db, all.slice(0, at));
    const company = '22222222-2222-4222-8222-222222222222';
    const user = (n: number) => `22222222-2222-4222-8222-00000000000${n}`;
    // Bound to the company as the app binds it: the tables' row-level security is forced.
    await db.transaction(async (q) => {
      await q.query(`SELECT set_config('app.company_id', $1, true)`, [company]);
      await q.query(`INSERT INTO companies (id, company_name) VALUES ($1, 'Old Co')`, [company]);
      await q.query(
        `INSERT INTO roles (company_id, name, built_in) SELECT $1, unnest(ARRAY['Admin', 'Company Owner',
          'Storekeeper', 'New Item Operator', 'Rapid Seller', 'Account Manager']), true`,
        [company],
      );
      // The founder, an owner made a day later, and a Storekeeper.
      for (const [n, name, created] of [
        [1, 'founder', '2026-01-01'],
        [2, 'partner', '2026-01-02'],
        [3, 'keeper', '2025-12-31'],
      ] as const) {
        await q.query(
          `INSERT INTO users (company_id, id, user_name, email, created_at) VALUES ($1, $2, $3, $3 || '@example.com', $4)`,
          [company, user(n), name, created],
        );
      }
      await q.query(
        `INSERT INTO user_roles (company_id, user_id, role_id)
         SELECT $1, u.id, r.id FROM (VALUES ($2::uuid, 'Company Owner'), ($3::uuid, 'Company Owner'), ($4::uuid, 'Storekeeper')) u(id, role)
           JOIN roles r ON r.company_id = $1 AND r.name = u.role`,
        [company, user(1), user(2), user(3)],
      );
    });
    await migrate(db, all);
    const roles = await db.transaction(async (q) => {
      await q.query(`SELECT set_config('app.company_id', $1, true)`, [company]);
      return q.query<{ user_name: string; roles: string[] }>(
        `SELECT u.user_name, array_agg(r.name ORDER BY r.name) AS roles FROM users u
           JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
          GROUP BY u.user_name ORDER BY u.user_name`,
      );
    });
    expect(roles).toEqual([
      { user_name: 'founder', roles: ['Admin', 'Company Owner'] },
      { user_name: 'keeper', roles: ['Storekeeper'] },
      { user_name: 'partner', roles: ['Company Owner'] },
    ]);
  } finally {
    await db.close();
  }
}, 60_000);

// One seed function: migrations 0007, 0010 and 0013 each restated stockwise_seed_company whole;
// after 0022 its one definition is migrations/repeatable/seed-company.sql, applied after them.
const LAST_MIGRATION_WITH_A_SEED_COPY = 22;

test('the seed function is defined once: in the repeatable file, never again in a numbered migration', async () => {
  const { readRepeatables } = await import('../src/db/migrations.js');
  const defines = (sql: string) => /FUNCTION\s+stockwise_seed_company\b/i.test(sql);
  expect(readRepeatables().filter((r) => defines(r.sql))).toHaveLength(1);
  const restated = readMigrations()
    .filter((m) => m.version > LAST_MIGRATION_WITH_A_SEED_COPY && defines(m.sql))
    .map((m) => `${m.version} ${m.name}`);
  expect(restated).toEqual([]);
});

test('a new company seeded by the one definition starts exactly as with the last copy in the migrations', async () => {
  const { openDatabase } = await import('../src/db/database.js');
  const { migrate } = await import('../src/db/migrations.js');
  const { BUILT_IN_ROLES } = await import('../src/vocabulary.js');
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  /** A new company as the app makes it: the row, its built-in roles, then the seed; what it starts with. */
  const seeded = (company: string) =>
    db.transaction(async (q) => {
      await q.query(`INSERT INTO companies (id, company_name) VALUES ($1, 'Seed Co')`, [company]);
      await q.query(`SELECT set_config('app.company_id', $1, true)`, [company]);
      await q.query(`INSERT INTO roles (company_id, name, built_in) SELECT $1, unnest($2::text[]), true`, [
        company,
        [...BUILT_IN_ROLES],
      ]);
      await q.query(`SELECT stockwise_seed_company($1)`, [company]);
      const claims = await q.query<{ claim: string }>(
        `SELECT r.name || ' ' || c.claim_type || ' ' || coalesce(t.built_in_key, c.claim_value) AS claim
           FROM role_claims c JOIN roles r ON r.company_id = c.company_id AND r.id = c.role_id
           LEFT JOIN transaction_types t ON c.claim_type = 'transaction-type' AND t.id::text = c.claim_value
          WHERE c.company_id = $1 ORDER BY 1`,
        [company],
      );
      const types = await q.query<{ t: string }>(
        `SELECT row(name, kind, built_in_key, from_statuses, to_status, customer_required, print_label)::text AS t
           FROM transaction_types WHERE company_id = $1 ORDER BY 1`,
        [company],
      );
      const labels = await q.query(`SELECT count(*)::int AS n FROM label_settings WHERE company_id = $1`, [company]);
      const [next] = await q.query<{ n: number }>(`SELECT stockwise_next_sale_number() AS n`);
      return { claims: claims.map((c) => c.claim), types: types.map((t) => t.t), labels, next };
    });
  try {
    const all = readMigrations();
    await migrate(db, all, []); // the numbered migrations alone: the last copy (0013's)
    const before = await seeded('66666666-6666-4666-8666-666666666666');
    await migrate(db, all); // and now the repeatable definition
    const after = await seeded('77777777-7777-4777-8777-777777777777');
    // What later migrations granted every existing company's built-in roles, new ones get from
    // the one definition: the last copy plus exactly those claims.
    const grantedSince = [
      'Admin permission items.cost.view',
      'Admin permission sales.void',
      'Admin permission warranty.manage',
      'Storekeeper permission warranty.manage',
      'Admin permission stock.count',
      'Storekeeper permission stock.count',
      'Admin permission stock.reorder',
      'Storekeeper permission stock.reorder',
      'Admin permission purchasing.manage',
      'Storekeeper permission purchasing.manage',
      'Admin permission items.lend',
      'Storekeeper permission items.lend',
    ];
    expect({ ...after, claims: after.claims.filter((c) => !grantedSince.includes(c)) }).toEqual(before);
    expect(after.claims).toEqual(expect.arrayContaining(grantedSince));
    expect(after.claims).toContain('Admin permission dashboard.view');
    expect(after.claims).toContain('Storekeeper transaction-type repair');
    expect(after.types).toHaveLength(8);
  } finally {
    await db.close();
  }
}, 60_000);
