import { randomInt, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { inPublic, inTenant } from '../../db/tenant.js';
import { unauthorized } from '../../lib/errors.js';
import { ADMIN, BUILT_IN_ROLES, OWNER } from '../../vocabulary.js';
import { startFreeSubscription } from '../subscriptions/index.js';
import * as db from './queries.js';
import { loadUserInfo, type DirectoryEntry, type UserInfo } from './queries.js';

export { loadUserInfo, type DirectoryEntry, type UserInfo };

// The role names live in the vocabulary leaf; re-exported for the callers that import them from here.
export { ADMIN, BUILT_IN_ROLES, OWNER };

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

/** The caller's current roles from the database (a token may be hours old); 401 when the user is gone. */
export async function currentRoles(q: Queryable, userId: string): Promise<string[]> {
  const rows = await db.roleRows(q, userId);
  if (rows.length === 0) throw unauthorized('Your account no longer exists.', 'USER_GONE');
  return rows.map((r) => r.name).filter((n): n is string => n !== null);
}

/** Inserts a user with the named roles into the current company (its transaction), plus the directory row. */
export async function insertUser(q: Queryable, companyId: string, user: NewUser, roleNames: string[]): Promise<string> {
  const id = randomUUID();
  await db.insertDirectoryEntry(q, {
    userId: id,
    companyId,
    userNameKey: key(user.userName),
    emailKey: key(user.email),
    googleSubject: user.googleSubject ?? null,
  });
  await db.insertUserRow(q, companyId, id, {
    userName: user.userName.trim(),
    email: user.email.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    passwordHash: user.passwordHash,
    googleSubject: user.googleSubject ?? null,
    emailVerified: user.emailVerified === true,
  });
  await db.grantRoles(q, companyId, id, roleNames);
  return id;
}

export interface NewCompany {
  companyName: string;
  industry?: string | null;
  phone?: string | null;
}

/**
 * A new company, its six roles and their claims, its catalogue start, its Free subscription and
 * the person who registered it, in one transaction. That person holds Admin beside Company Owner
 * (the spec's registration is "company with admin"): the spec's menu opens Process Config and
 * User/Role Management to Admin only, so an owner alone could not set up item types or users.
 */
export async function createCompanyWithOwner(
  database: Database,
  company: NewCompany,
  owner: NewUser,
): Promise<{ companyId: string; userId: string; user: UserInfo }> {
  const companyId = randomUUID();
  return inTenant(database, companyId, async (q) => {
    await db.insertCompany(q, companyId, {
      companyName: company.companyName.trim(),
      industry: company.industry ?? null,
      phone: company.phone ?? null,
    });
    await db.insertBuiltInRoles(q, companyId, [...BUILT_IN_ROLES]);
    // The built-in transaction types, the built-in roles' claims, label settings, "Main store" and "General".
    await db.seedCompany(q, companyId);
    await startFreeSubscription(q, companyId);
    const userId = await insertUser(q, companyId, owner, [OWNER, ADMIN]);
    return { companyId, userId, user: (await loadUserInfo(q, userId))! };
  });
}

export async function findByUserName(database: Database, userName: string): Promise<DirectoryEntry | null> {
  return inPublic(database, (q) => db.directoryEntry(q, 'userName', key(userName)));
}

export async function findByEmail(database: Database, email: string): Promise<DirectoryEntry | null> {
  return inPublic(database, (q) => db.directoryEntry(q, 'email', key(email)));
}

/** The account a Google subject was connected to, if any (never found by email). */
export async function findByGoogleSubject(database: Database, subject: string): Promise<DirectoryEntry | null> {
  return inPublic(database, (q) => db.directoryEntry(q, 'googleSubject', subject));
}

/**
 * A user name not yet taken, derived from a base (used for Google sign-ups). The suffix comes
 * from the CSPRNG: user names are sign-in names, so the next one must not be predictable from
 * Math.random's sequence.
 */
export async function freeUserName(database: Database, base: string): Promise<string> {
  const clean = base.replace(/[^A-Za-z0-9._+-]/g, '').slice(0, 60) || 'user';
  const stem = clean.length >= 3 ? clean : `${clean}user`;
  for (let i = 0; i < 20; i++) {
    const candidate = i === 0 ? stem : `${stem}${randomInt(10_000)}`;
    if (!(await findByUserName(database, candidate))) return candidate;
  }
  return `${stem}-${randomUUID().slice(0, 8)}`;
}
