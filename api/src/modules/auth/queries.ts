import type { Queryable } from '../../db/database.js';
import { qb, run, sql } from '../../db/query-builder.js';
import { ENTRY_COLUMNS, type AccessRow } from '../../access/index.js';

// SQL only, for the auth flows. Tenant tables (users, tokens) are read inside the company's
// transaction (RLS); user_directory and id_token_nonces are directory tables, read as the app role.

// ── accounts ──
export interface UserInfo {
  id: string;
  companyId: string;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  profilePictureUrl: string | null;
  roles: string[];
  CompanyName: string;
  companyName: string;
  /** Whether a Google account is connected (linked from inside this account only). */
  googleConnected: boolean;
  /** A new email waiting for its verification link; the old one stays until then. */
  pendingEmail: string | null;
}

/** A row of stockwise_user_info (migration 0035), as SQL names it. */
export interface UserInfoRow {
  id: string;
  company_id: string;
  user_name: string;
  first_name: string;
  last_name: string;
  email: string;
  profile_picture_url: string | null;
  company_name: string;
  google_connected: boolean;
  pending_email: string | null;
  roles: string[];
}

/** The API's shape of a user's profile: one mapping for loadUserInfo and getuser's one statement. */
export const toUserInfo = (r: UserInfoRow): UserInfo => ({
  id: r.id,
  companyId: r.company_id,
  userName: r.user_name,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  profilePictureUrl: r.profile_picture_url,
  roles: r.roles,
  CompanyName: r.company_name,
  companyName: r.company_name,
  googleConnected: r.google_connected,
  pendingEmail: r.pending_email,
});

/** The user with roles and company name, inside the company's transaction; null when absent. */
export async function loadUserInfo(q: Queryable, userId: string): Promise<UserInfo | null> {
  const rows = await q.query<UserInfoRow>(`SELECT * FROM stockwise_user_info($1::uuid)`, [userId]);
  return rows[0] ? toUserInfo(rows[0]) : null;
}

/**
 * GET /api/auth/getuser in one autocommit statement (stockwise_getuser, migration 0035): the
 * caller's entry, then their profile when the session is live and the user active.
 */
export async function getUserAsCaller(db: Queryable, companyId: string, userId: string, sessionId: string) {
  const rows = await db.query<AccessRow & { info: UserInfoRow | null }>(
    `SELECT ${ENTRY_COLUMNS}, info FROM stockwise_getuser($1::uuid, $2::uuid, $3::uuid)`,
    [companyId, userId, sessionId],
  );
  return rows[0];
}

export async function roleRows(q: Queryable, userId: string) {
  return q.query<{ name: string | null }>(
    `SELECT r.name FROM users u LEFT JOIN user_roles ur ON ur.user_id = u.id AND ur.company_id = u.company_id
       LEFT JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE u.id = $1`,
    [userId],
  );
}

export const insertCompany = (
  q: Queryable,
  id: string,
  c: { companyName: string; industry: string | null; phone: string | null },
) =>
  q.query(`INSERT INTO companies (id, company_name, industry, phone) VALUES ($1, $2, $3, $4)`, [
    id,
    c.companyName,
    c.industry,
    c.phone,
  ]);

export const insertBuiltInRoles = (q: Queryable, companyId: string, names: string[]) =>
  q.query(`INSERT INTO roles (company_id, name, built_in) SELECT $1, unnest($2::text[]), true`, [companyId, names]);

/** The built-in transaction types, the built-in roles' claims, label settings, the first location and item type. */
export const seedCompany = (q: Queryable, companyId: string) =>
  q.query(`SELECT stockwise_seed_company($1)`, [companyId]);

export const insertDirectoryEntry = (
  q: Queryable,
  e: { userId: string; companyId: string; userNameKey: string; emailKey: string; googleSubject: string | null },
) =>
  q.query(
    `INSERT INTO user_directory (user_id, company_id, user_name_key, email_key, google_subject)
     VALUES ($1, $2, $3, $4, $5)`,
    [e.userId, e.companyId, e.userNameKey, e.emailKey, e.googleSubject],
  );

export const insertUserRow = (
  q: Queryable,
  companyId: string,
  id: string,
  u: {
    userName: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    googleSubject: string | null;
    emailVerified: boolean;
  },
) =>
  q.query(
    `INSERT INTO users (company_id, id, user_name, email, first_name, last_name, password_hash, google_subject,
                        email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN now() END)`,
    [companyId, id, u.userName, u.email, u.firstName, u.lastName, u.passwordHash, u.googleSubject, u.emailVerified],
  );

export const grantRoles = (q: Queryable, companyId: string, userId: string, roleNames: string[]) =>
  q.query(
    `INSERT INTO user_roles (company_id, user_id, role_id)
     SELECT company_id, $2, id FROM roles WHERE company_id = $1 AND name = ANY($3::text[])`,
    [companyId, userId, roleNames],
  );

// ── the directory ──
export interface DirectoryEntry {
  userId: string;
  companyId: string;
}

const DIRECTORY_KEYS = { userName: 'user_name_key', email: 'email_key', googleSubject: 'google_subject' } as const;

/** The account a user name key, email key or connected Google subject names, if any. */
export async function directoryEntry(
  q: Queryable,
  by: keyof typeof DIRECTORY_KEYS,
  value: string,
): Promise<DirectoryEntry | null> {
  const [row] = await q.query<DirectoryEntry>(
    `SELECT user_id AS "userId", company_id AS "companyId" FROM user_directory WHERE ${DIRECTORY_KEYS[by]} = $1`,
    [value],
  );
  return row ?? null;
}

export async function companyOfUser(q: Queryable, userId: string): Promise<string | null> {
  const [row] = await q.query<{ companyId: string }>(
    `SELECT company_id AS "companyId" FROM user_directory WHERE user_id = $1`,
    [userId],
  );
  return row?.companyId ?? null;
}

/** Whether an account other than `exceptUserId` (any, when null) holds the email key. */
export async function emailTaken(q: Queryable, emailKey: string, exceptUserId: string | null = null): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM user_directory WHERE email_key = $1 AND user_id IS DISTINCT FROM $2`, [
    emailKey,
    exceptUserId,
  ]);
  return rows.length > 0;
}

export const setDirectoryEmail = (q: Queryable, userId: string, emailKey: string) =>
  q.query(`UPDATE user_directory SET email_key = $2 WHERE user_id = $1`, [userId, emailKey]);

export const syncDirectoryUserName = (q: Queryable, userId: string) =>
  q.query(
    `UPDATE user_directory d SET user_name_key = lower(u.user_name) FROM users u WHERE u.id = $1 AND d.user_id = u.id`,
    [userId],
  );

// ── users ──
export async function signInFacts(q: Queryable, userId: string) {
  const [row] = await q.query<{ hash: string | null; verified: boolean }>(
    `SELECT password_hash AS hash, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? null;
}

export async function emailOf(q: Queryable, userId: string) {
  const [row] = await q.query<{ email: string; pending: string | null; verified: boolean }>(
    `SELECT email, pending_email AS pending, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1`,
    [userId],
  );
  return row ?? null;
}

/** The user's email and pending email, the row locked until the transaction ends. */
export async function lockEmail(q: Queryable, userId: string) {
  const [row] = await q.query<{ email: string; pending: string | null }>(
    `SELECT email, pending_email AS pending FROM users WHERE id = $1 FOR UPDATE`,
    [userId],
  );
  return row ?? null;
}

export async function userExists(q: Queryable, userId: string): Promise<boolean> {
  return (await q.query(`SELECT 1 FROM users WHERE id = $1`, [userId])).length > 0;
}

export async function pictureOf(q: Queryable, userId: string) {
  const [row] = await q.query<{ url: string | null }>(`SELECT profile_picture_url AS url FROM users WHERE id = $1`, [
    userId,
  ]);
  return row ?? null;
}

/** Sets only the profile fields given (undefined: left as it is). */
export async function updateProfile(
  q: Queryable,
  userId: string,
  p: {
    firstName?: string;
    lastName?: string;
    userName?: string;
    profilePictureUrl?: string | null;
    pendingEmail?: string | null;
  },
): Promise<void> {
  const set = {
    first_name: p.firstName,
    last_name: p.lastName,
    user_name: p.userName,
    profile_picture_url: p.profilePictureUrl,
    pending_email: p.pendingEmail,
  };
  if (Object.values(set).every((v) => v === undefined)) return;
  await run(
    q,
    qb
      .updateTable('users')
      .set({ ...set, updated_at: sql<string>`now()` })
      .where('id', '=', userId),
  );
}

export const markEmailVerified = (q: Queryable, userId: string) =>
  q.query(`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1`, [userId]);

export const applyPendingEmail = (q: Queryable, userId: string) =>
  q.query(
    `UPDATE users SET email = pending_email, pending_email = NULL, email_verified_at = now(), updated_at = now()
      WHERE id = $1`,
    [userId],
  );

/**
 * A new password; using a reset link also proves the email. It also cancels an email change still
 * waiting for its confirmation: the owner who is told a change was asked for (mailEmailChangeAsked)
 * and did not ask changes the password, and whoever asked can no longer confirm it.
 */
export const setPassword = (q: Queryable, userId: string, hash: string) =>
  q.query(
    `UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()),
            pending_email = NULL, updated_at = now() WHERE id = $1`,
    [userId, hash],
  );

export async function setGoogleSubject(q: Queryable, userId: string, subject: string): Promise<void> {
  await q.query(`UPDATE users SET google_subject = $2, updated_at = now() WHERE id = $1`, [userId, subject]);
  await q.query(`UPDATE user_directory SET google_subject = $2 WHERE user_id = $1`, [userId, subject]);
}

// ── email verification links (only hashes are stored) ──
export const insertVerificationToken = (
  q: Queryable,
  t: { companyId: string; userId: string; email: string; hash: string; hours: number },
) =>
  q.query(
    `INSERT INTO email_verification_tokens (company_id, user_id, email, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [t.companyId, t.userId, t.email, t.hash, t.hours],
  );

/** Uses a live link: answers the email it was for, or null. */
export async function useVerificationToken(q: Queryable, userId: string, hash: string): Promise<string | null> {
  const [row] = await q.query<{ email: string }>(
    `UPDATE email_verification_tokens SET used_at = now()
      WHERE user_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING email`,
    [userId, hash],
  );
  return row?.email ?? null;
}

// ── password reset links ──
export const insertResetToken = (
  q: Queryable,
  t: { companyId: string; userId: string; hash: string; minutes: number },
) =>
  q.query(
    `INSERT INTO password_reset_tokens (company_id, user_id, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [t.companyId, t.userId, t.hash, t.minutes],
  );

export async function resetTokenLive(q: Queryable, userId: string, hash: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM password_reset_tokens WHERE user_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()`,
    [userId, hash],
  );
  return rows.length > 0;
}

export async function useResetToken(q: Queryable, userId: string, hash: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE password_reset_tokens SET used_at = now()
      WHERE user_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
    [userId, hash],
  );
  return rows.length > 0;
}

/** Every open link of the user stops working (after a reset, and before a new link is issued). */
export const closeResetTokens = (q: Queryable, userId: string) =>
  q.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);

// ── Google ID token nonces ──
export async function storeNonce(q: Queryable, hash: string, minutes: number): Promise<void> {
  await q.query(`DELETE FROM id_token_nonces WHERE expires_at <= now()`);
  await q.query(`INSERT INTO id_token_nonces (nonce_hash, expires_at) VALUES ($1, now() + make_interval(mins => $2))`, [
    hash,
    minutes,
  ]);
}

/** Consumes a live nonce; false when it was never handed out, used already or expired. */
export async function consumeNonce(q: Queryable, hash: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM id_token_nonces WHERE nonce_hash = $1 AND expires_at > now() RETURNING 1`, [
    hash,
  ]);
  return rows.length > 0;
}
