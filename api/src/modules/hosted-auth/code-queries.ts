import type { Queryable } from '../../db/database.js';

// SQL of the mailed one-time codes (auth_one_time_codes, migration 0020). A directory table: these
// run in the directory's transaction (inPublic) — a code is found by its address before any
// company is known.

export type CodePurpose = 'sign-in' | 'email-change' | 'reauthentication';

export interface LiveCode {
  id: string;
  companyId: string;
  userId: string;
  codeHash: string;
  attempts: number;
}

/** Closes the user's live codes of a purpose: a new code replaces them (one live code at a time). */
export const closeCodes = (q: Queryable, userId: string, purpose: CodePurpose) =>
  q.query(
    `UPDATE auth_one_time_codes SET closed_at = now() WHERE user_id = $1 AND purpose = $2 AND closed_at IS NULL`,
    [userId, purpose],
  );

export const insertCode = (
  q: Queryable,
  c: {
    id: string;
    companyId: string;
    userId: string;
    purpose: CodePurpose;
    emailKey: string;
    hash: string;
    seconds: number;
  },
) =>
  q.query(
    `INSERT INTO auth_one_time_codes (id, company_id, user_id, purpose, email_key, code_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [c.id, c.companyId, c.userId, c.purpose, c.emailKey, c.hash, c.seconds],
  );

const LIVE = `closed_at IS NULL AND expires_at > now()`;
const COLUMNS = `id, company_id AS "companyId", user_id AS "userId", code_hash AS "codeHash", attempts`;

/** The live code mailed to an address for one of the purposes, locked until the transaction ends. */
export async function liveCodeFor(q: Queryable, emailKey: string, purposes: CodePurpose[]): Promise<LiveCode | null> {
  const [row] = await q.query<LiveCode>(
    `SELECT ${COLUMNS} FROM auth_one_time_codes
      WHERE email_key = $1 AND purpose = ANY($2::text[]) AND ${LIVE}
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [emailKey, purposes],
  );
  return row ?? null;
}

/** The user's live code of a purpose, locked until the transaction ends. */
export async function liveCodeOfUser(q: Queryable, userId: string, purpose: CodePurpose): Promise<LiveCode | null> {
  const [row] = await q.query<LiveCode>(
    `SELECT ${COLUMNS} FROM auth_one_time_codes
      WHERE user_id = $1 AND purpose = $2 AND ${LIVE} ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [userId, purpose],
  );
  return row ?? null;
}

/** A wrong try: counted, and the code closes when this was its last allowed one. */
export const countMiss = (q: Queryable, id: string, maxTries: number) =>
  q.query(
    `UPDATE auth_one_time_codes SET attempts = attempts + 1,
            closed_at = CASE WHEN attempts + 1 >= $2 THEN now() ELSE closed_at END
      WHERE id = $1`,
    [id, maxTries],
  );

export const closeCode = (q: Queryable, id: string) =>
  q.query(`UPDATE auth_one_time_codes SET closed_at = now() WHERE id = $1`, [id]);

/** What deciding to mail a code needs to know of an account (in the company's transaction). */
export async function accountFacts(q: Queryable, userId: string) {
  const [row] = await q.query<{ email: string; pending: string | null; verified: boolean; active: boolean }>(
    `SELECT email, pending_email AS pending, email_verified_at IS NOT NULL AS verified,
            deactivated_at IS NULL AS active
       FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? null;
}
