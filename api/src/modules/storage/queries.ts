import type { Queryable } from '../../db/database.js';

// The storage module's SQL: one row per stored object (what the company's storage allowance
// counts) and the profile picture link on a user. Runs in the caller's company transaction.

/** Records an object's size, or its new size when it is written again. */
export async function upsertObjectRow(
  q: Queryable,
  o: { companyId: string; bucket: string; name: string; size: number },
): Promise<void> {
  await q.query(
    `INSERT INTO storage_objects (company_id, bucket, name, size) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, bucket, name) DO UPDATE SET size = EXCLUDED.size, updated_at = now()`,
    [o.companyId, o.bucket, o.name, o.size],
  );
}

export async function deleteObjectRow(q: Queryable, bucket: string, name: string): Promise<void> {
  await q.query(`DELETE FROM storage_objects WHERE bucket = $1 AND name = $2`, [bucket, name]);
}

export async function profilePictureUrl(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ url: string | null }>(`SELECT profile_picture_url AS url FROM users WHERE id = $1`, [
    userId,
  ]);
  return row?.url ?? null;
}

export async function clearProfilePicture(q: Queryable, userId: string): Promise<void> {
  await q.query(`UPDATE users SET profile_picture_url = NULL WHERE id = $1`, [userId]);
}
