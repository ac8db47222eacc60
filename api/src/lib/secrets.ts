import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.js';

/** Reads or creates (once, race-free) a generated secret; runs as the owner, not the app role. */
export async function persistedSecret(
  db: Database,
  name: string,
  create: () => string | Promise<string>,
): Promise<string> {
  const existing = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  if (existing[0]) return existing[0].value;
  const value = await create();
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, value]);
  const rows = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return rows[0]!.value;
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | null)?.code === code;

async function readSecretFile(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null;
  } catch (error) {
    if (isCode(error, 'ENOENT')) return null;
    throw error;
  }
}

/**
 * A generated secret kept in a file of the data folder, readable by this user only (0600), not
 * in the database: a copy of the database (a backup, a support dump) must not carry the key that
 * signs sessions. A secret an older version kept in app_secrets under `name` moves into the file
 * on first start — what it signed stays valid — and then leaves the database.
 */
export async function fileSecret(
  db: Database,
  file: string,
  name: string,
  create: () => string | Promise<string>,
): Promise<string> {
  let value = await readSecretFile(file);
  if (value === null) {
    const legacy = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
    const candidate = legacy[0]?.value ?? (await create());
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      await writeFile(file, candidate, { mode: 0o600, flag: 'wx' });
      value = candidate;
    } catch (error) {
      // Another process of the same data folder wrote it first: its key is the key.
      if (!isCode(error, 'EEXIST')) throw error;
      value = (await readSecretFile(file))!;
    }
  }
  // Also when the file was copied in with looser permissions, or a crash came before the delete.
  await chmod(file, 0o600);
  await db.query('DELETE FROM app_secrets WHERE name = $1', [name]);
  return value;
}
