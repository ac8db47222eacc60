import type { Queryable } from '../../db/database.js';
import { exact } from '../../db/timestamps.js';

// The auth service's SQL about a user (the mailed codes have code-queries.ts, the redirect flows
// flow-queries.ts, single sign-on providers sso-queries.ts): read and written in the user's
// company's transaction, so row-level security keeps each to that company.

/** What GoTrue shows of a user beside its factors: its dates, and what its identities are made of. */
export interface UserFacts {
  createdAt: string;
  updatedAt: string;
  confirmedAt: string | null;
  hasPassword: boolean;
  googleSubject: string | null;
}

/** The user's dates, to the microsecond as GoTrue's, and what its identities are made of. */
export async function userFacts(q: Queryable, userId: string): Promise<UserFacts | null> {
  const [row] = await q.query<UserFacts>(
    `SELECT ${exact('created_at')} AS "createdAt",
            ${exact('updated_at')} AS "updatedAt",
            ${exact('email_verified_at')} AS "confirmedAt",
            password_hash IS NOT NULL AS "hasPassword", google_subject AS "googleSubject"
       FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? null;
}

/** Disconnects Google from the user (both the user row and the sign-in directory). */
export async function disconnectGoogle(q: Queryable, userId: string, subject: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE users SET google_subject = NULL, updated_at = now() WHERE id = $1 AND google_subject = $2 RETURNING 1`,
    [userId, subject],
  );
  await q.query(`UPDATE user_directory SET google_subject = NULL WHERE user_id = $1`, [userId]);
  return rows.length > 0;
}
