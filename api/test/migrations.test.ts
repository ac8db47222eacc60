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
