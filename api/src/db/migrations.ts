import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.js';
import { APP_ROLE } from './app-role.js';

export { APP_ROLE };

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** api/migrations: the same folder from src/db (tests, tsx) and from dist/db (the build). */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');
const FILE = /^(\d{4})-([a-z0-9]+)-([a-z0-9-]+)\.sql$/;

/**
 * The ordered SQL files `NNNN-<module>-<what>.sql`. Numbers start at 1 and have no gap and no
 * duplicate: a second 0007 from a parallel branch fails here, before anything runs.
 */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const migrations = files.map((file) => {
    const match = FILE.exec(file);
    if (!match) throw new Error(`migration file name must be NNNN-<module>-<what>.sql: ${file}`);
    const sql = readFileSync(path.join(dir, file), 'utf8');
    const title = /^--\s*(.+)$/m.exec(sql)?.[1]?.trim() ?? `${match[2]}: ${match[3]}`;
    return { version: Number(match[1]), name: title, sql };
  });
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      const seen = migrations.filter((x) => x.version === m.version).length;
      throw new Error(
        seen > 1 ? `two migrations are numbered ${m.version}` : `migration ${i + 1} is missing (found ${m.version})`,
      );
    }
  });
  return migrations;
}

/** api/migrations/repeatable: definitions applied after the numbered migrations, every time. */
export const REPEATABLE_DIR = path.join(MIGRATIONS_DIR, 'repeatable');

/**
 * The repeatable files, by name: each is the one definition of what it makes (CREATE OR REPLACE),
 * applied after the numbered migrations each time they run, so a change to it needs no copy of the
 * whole definition in a new migration (docs/decisions.md, "One seed function").
 */
export function readRepeatables(dir = REPEATABLE_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return { version: 0, name: /^--\s*(.+)$/m.exec(sql)?.[1]?.trim() ?? file, sql };
    });
}

/**
 * An app role made elsewhere (by a DBA, or an older install) must be what the tenancy wall
 * assumes: no login, no RLS bypass, no superuser. Otherwise RLS would not hold: refuse to run.
 */
async function assertAppRoleIsSafe(q: Queryable): Promise<void> {
  const [role] = await q.query<{ rolcanlogin: boolean; rolbypassrls: boolean; rolsuper: boolean }>(
    'SELECT rolcanlogin, rolbypassrls, rolsuper FROM pg_roles WHERE rolname = $1',
    [APP_ROLE],
  );
  if (!role) return;
  const wrong = [role.rolsuper && 'SUPERUSER', role.rolbypassrls && 'BYPASSRLS', role.rolcanlogin && 'LOGIN'].filter(
    Boolean,
  );
  if (wrong.length) {
    throw new Error(
      `the database role ${APP_ROLE} has ${wrong.join(', ')}; row-level security would not hold. ` +
        `Fix it (ALTER ROLE ${APP_ROLE} NOSUPERUSER NOBYPASSRLS NOLOGIN) and start again.`,
    );
  }
}

/**
 * Applies pending migrations in one transaction, one process at a time (advisory lock), then the
 * repeatable definitions — only when the migrations reach the latest on disk (a test that stops at
 * an older schema gets that schema's own definitions).
 */
export async function migrate(
  db: Database,
  migrations: Migration[] = readMigrations(),
  repeatables: Migration[] = readRepeatables(),
): Promise<number[]> {
  const latest = Math.max(0, ...readMigrations().map((m) => m.version));
  const reachesLatest = migrations.some((m) => m.version === latest);
  return db.transaction(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727274)');
    await assertAppRoleIsSafe(q);
    await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await q.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    if (reachesLatest) for (const r of repeatables) await q.exec(r.sql);
    return applied;
  });
}
