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
      Admin: 19, // eleven permissions (dashboard.view from 0008), eight transaction types
      'Company Owner': 0, // implicit: every claim
      'New Item Operator': 3,
      'Rapid Seller': 4,
      Storekeeper: 8,
    });
  } finally {
    await db.close();
  }
}, 60_000);
