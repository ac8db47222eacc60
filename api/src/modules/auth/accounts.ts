import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { unauthorized } from '../../lib/errors.js';
import { startFreeSubscription } from '../subscriptions/service.js';

/** Spec §6's six built-in roles, seeded in every company and never deletable. */
export const BUILT_IN_ROLES = [
  'Admin',
  'Company Owner',
  'Storekeeper',
  'New Item Operator',
  'Rapid Seller',
  'Account Manager',
] as const;
export const OWNER = 'Company Owner';
export const ADMIN = 'Admin';

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

export interface NewUser {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  googleSubject?: string | null;
  /** True when the email is already proven (a Google ID token said so); otherwise a link must be used. */
  emailVerified?: boolean;
}

export const key = (s: string) => s.trim().toLowerCase();

/** The user with roles and company name, inside the company's transaction; null when absent. */
export async function loadUserInfo(q: Queryable, userId: string): Promise<UserInfo | null> {
  const rows = await q.query<Omit<UserInfo, 'CompanyName'>>(
    `SELECT u.id, u.company_id AS "companyId", u.user_name AS "userName", u.first_name AS "firstName",
            u.last_name AS "lastName", u.email, u.profile_picture_url AS "profilePictureUrl",
            c.company_name AS "companyName", u.google_subject IS NOT NULL AS "googleConnected",
            u.pending_email AS "pendingEmail",
            coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r
                       ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles
       FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return row ? { ...row, CompanyName: row.companyName } : null;
}

/** The caller's current roles from the database (a token may be hours old); 401 when the user is gone. */
export async function currentRoles(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q.query<{ name: string | null; exists: boolean }>(
    `SELECT r.name FROM users u LEFT JOIN user_roles ur ON ur.user_id = u.id AND ur.company_id = u.company_id
       LEFT JOIN roles r ON r.company_id = ur.company_id AND r.id = ur.role_id WHERE u.id = $1`,
    [userId],
  );
  if (rows.length === 0) throw unauthorized('Your account no longer exists.', 'USER_GONE');
  return rows.map((r) => r.name).filter((n): n is string => n !== null);
}

/** Inserts a user with the named roles into the current company (its transaction), plus the directory row. */
export async function insertUser(q: Queryable, companyId: string, user: NewUser, roleNames: string[]): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO user_directory (user_id, company_id, user_name_key, email_key, google_subject)
     VALUES ($1, $2, $3, $4, $5)`,
    [id, companyId, key(user.userName), key(user.email), user.googleSubject ?? null],
  );
  await q.query(
    `INSERT INTO users (company_id, id, user_name, email, first_name, last_name, password_hash, google_subject,
                        email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN now() END)`,
    [
      companyId,
      id,
      user.userName.trim(),
      user.email.trim(),
      user.firstName,
      user.lastName,
      user.passwordHash,
      user.googleSubject ?? null,
      user.emailVerified === true,
    ],
  );
  await q.query(
    `INSERT INTO user_roles (company_id, user_id, role_id)
     SELECT company_id, $2, id FROM roles WHERE company_id = $1 AND name = ANY($3::text[])`,
    [companyId, id, roleNames],
  );
  return id;
}

export interface NewCompany {
  companyName: string;
  industry?: string | null;
  phone?: string | null;
}

/** A new company, its six roles and their claims, its catalogue start, its Free subscription and its Company Owner, in one transaction. */
export async function createCompanyWithOwner(
  db: Database,
  company: NewCompany,
  owner: NewUser,
  extraRoles: string[] = [],
): Promise<{ companyId: string; userId: string; user: UserInfo }> {
  const companyId = randomUUID();
  return inTenant(db, companyId, async (q) => {
    await q.query(`INSERT INTO companies (id, company_name, industry, phone) VALUES ($1, $2, $3, $4)`, [
      companyId,
      company.companyName.trim(),
      company.industry ?? null,
      company.phone ?? null,
    ]);
    await q.query(`INSERT INTO roles (company_id, name, built_in) SELECT $1, unnest($2::text[]), true`, [
      companyId,
      [...BUILT_IN_ROLES],
    ]);
    // The built-in transaction types, the built-in roles' claims, label settings (migration 0007).
    await q.query(`SELECT stockwise_seed_company($1)`, [companyId]);
    await startFreeSubscription(q, companyId);
    const userId = await insertUser(q, companyId, owner, [OWNER, ...extraRoles]);
    return { companyId, userId, user: (await loadUserInfo(q, userId))! };
  });
}

export interface DirectoryEntry {
  userId: string;
  companyId: string;
}

export async function findByUserName(db: Database, userName: string): Promise<DirectoryEntry | null> {
  const rows = await inPublic(db, (q) =>
    q.query<DirectoryEntry>(
      `SELECT user_id AS "userId", company_id AS "companyId" FROM user_directory WHERE user_name_key = $1`,
      [key(userName)],
    ),
  );
  return rows[0] ?? null;
}

export async function findByEmail(db: Database, email: string): Promise<DirectoryEntry | null> {
  const rows = await inPublic(db, (q) =>
    q.query<DirectoryEntry>(
      `SELECT user_id AS "userId", company_id AS "companyId" FROM user_directory WHERE email_key = $1`,
      [key(email)],
    ),
  );
  return rows[0] ?? null;
}

/** The account a Google subject was connected to, if any (never found by email). */
export async function findByGoogleSubject(db: Database, subject: string): Promise<DirectoryEntry | null> {
  const rows = await inPublic(db, (q) =>
    q.query<DirectoryEntry>(
      `SELECT user_id AS "userId", company_id AS "companyId" FROM user_directory WHERE google_subject = $1`,
      [subject],
    ),
  );
  return rows[0] ?? null;
}

/** A user name not yet taken, derived from a base (used for Google sign-ups). */
export async function freeUserName(db: Database, base: string): Promise<string> {
  const clean = base.replace(/[^A-Za-z0-9._+-]/g, '').slice(0, 60) || 'user';
  const stem = clean.length >= 3 ? clean : `${clean}user`;
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? stem : `${stem}${Math.floor(Math.random() * 10_000)}`;
    if (!(await findByUserName(db, candidate))) return candidate;
  }
  return `${stem}-${randomUUID().slice(0, 8)}`;
}
