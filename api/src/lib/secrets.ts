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
