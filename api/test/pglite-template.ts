import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR, migrate, REPEATABLE_DIR } from '../src/db/migrations.js';
import { createPglite, pgliteDatabase } from '../src/db/pglite.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the migrated database depends on: the migrations (numbered and repeatable), the code that runs them, PGlite's version. */
function templateKey(): string {
  const hash = createHash('sha256');
  const dbCode = path.join(apiRoot, 'src', 'db');
  for (const dir of [MIGRATIONS_DIR, REPEATABLE_DIR, dbCode])
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)))
      if (entry.isFile()) hash.update(entry.name).update(readFileSync(path.join(dir, entry.name)));
  hash.update(readFileSync(path.join(apiRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A dump of a PGlite with every migration applied, made once per set of migrations and kept in
 * the temp folder, so each test file's database loads it instead of running initdb and the
 * migrations again (~2.5 s and ~1 s of CPU per file, ~0.6 s to load). Two Jest workers that race
 * to make it each write their own file and rename it into place: the same content either way.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(tmpdir(), `stockwise-pglite-migrated-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const pg = createPglite();
    await migrate(pgliteDatabase(pg));
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}
