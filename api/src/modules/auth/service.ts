import type { Queryable } from '../../db/database.js';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { sha256 } from '../../lib/hash.js';
import { key, loadUserInfo, type UserInfo } from './accounts.js';
import * as db from './queries.js';
import { endSessions } from './sessions.js';

// The auth flows' rules, each inside the transaction its route opened (the company's, or the
// directory's for what comes before we know the company). HTTP stays in the flow files.

// Re-exported for the flow files that import it from here; sessions.ts takes it from lib (no cycle).
export { sha256 };

// ── sign-in ──
/** What a password sign-in needs to know of the account. */
export async function credentials(q: Queryable, userId: string) {
  const row = await db.signInFacts(q, userId);
  return { hash: row?.hash ?? null, verified: row?.verified ?? false, info: await loadUserInfo(q, userId) };
}

// ── email verification ──
export const LINK_INVALID = 'This verification link is invalid or has expired. Sign in to get a new one.';
const linkInvalid = () => badRequest(LINK_INVALID, 'token', 'VERIFICATION_INVALID');

/** Uses a mailed link: activates the account, or applies the email change it confirms. */
export async function verifyEmail(q: Queryable, userId: string, secret: string): Promise<{ message: string }> {
  const used = await db.useVerificationToken(q, userId, sha256(secret));
  const user = await db.lockEmail(q, userId);
  if (!used || !user) throw linkInvalid();
  if (key(used) === key(user.email)) {
    await db.markEmailVerified(q, userId);
    return { message: 'Your email address is verified. You can now sign in.' };
  }
  if (user.pending && key(used) === key(user.pending)) {
    if ((await applyEmailChange(q, userId, used)) === 'taken')
      throw conflict('An account with this email already exists.', 'email');
    return { message: `Your email address is now ${user.pending.trim()}.` };
  }
  throw linkInvalid();
}

/**
 * Makes the pending email the account's, once `email` (the address a link or code was mailed to)
 * has been proven: 'stale' when the pending email is another one by now (or none), 'taken' when
 * another account has it since. The user's row is locked until the transaction ends.
 */
export async function applyEmailChange(
  q: Queryable,
  userId: string,
  email: string,
): Promise<'changed' | 'stale' | 'taken'> {
  const user = await db.lockEmail(q, userId);
  if (!user?.pending || key(user.pending) !== key(email)) return 'stale';
  if (await db.emailTaken(q, key(user.pending), userId)) return 'taken';
  await db.applyPendingEmail(q, userId);
  await db.setDirectoryEmail(q, userId, key(user.pending));
  return 'changed';
}

// ── password reset ──
export async function resetTokenLive(q: Queryable, userId: string, token: string): Promise<boolean> {
  return db.resetTokenLive(q, userId, sha256(token));
}

/**
 * Uses the link (once) and sets the password; every other open link of the user stops working, and
 * every session ends (whoever knew the old password is signed out everywhere).
 */
export async function resetPassword(q: Queryable, userId: string, token: string, newHash: string): Promise<boolean> {
  if (!(await db.useResetToken(q, userId, sha256(token)))) return false;
  await db.setPassword(q, userId, newHash);
  await db.closeResetTokens(q, userId);
  await endSessions(q, userId, 'password-reset');
  return true;
}

/** A password change while signed in: the new hash, and every other session of the user ends. */
export async function changePassword(q: Queryable, userId: string, keepSessionId: string, newHash: string) {
  await db.setPassword(q, userId, newHash);
  await endSessions(q, userId, 'password-change', { except: keepSessionId });
}

// ── profile ──
export interface ProfileChange {
  firstName?: string;
  lastName?: string;
  userName?: string;
  profilePictureUrl?: string | null;
  email?: string;
}

/**
 * Applies a profile change. A new email is not taken yet: it waits in pending_email and the
 * answer names it (newEmail), for the caller to mail a link to it — or, when another account has
 * it (`taken`), to tell that address so instead: the answer is the same either way, so the
 * profile form cannot be used to learn which emails have accounts. previousPicture: the picture
 * the profile showed before, for the caller to free when it was replaced.
 */
export async function updateProfile(
  q: Queryable,
  userId: string,
  b: ProfileChange,
  mayMail: () => void,
): Promise<{ newEmail: string | null; taken: boolean; previousPicture: string | null }> {
  const current = await db.lockEmail(q, userId);
  if (!current) throw unauthorized('Your account no longer exists.', 'USER_GONE');
  const previousPicture = (await db.pictureOf(q, userId))?.url ?? null;
  let pendingEmail: string | null | undefined;
  let newEmail: string | null = null;
  let taken = false;
  if (b.email !== undefined) {
    if (key(b.email) === key(current.email)) pendingEmail = null;
    else {
      mayMail();
      taken = await db.emailTaken(q, key(b.email));
      newEmail = pendingEmail = b.email.trim();
    }
  }
  await db.updateProfile(q, userId, {
    firstName: b.firstName,
    lastName: b.lastName,
    userName: b.userName?.trim(),
    profilePictureUrl: b.profilePictureUrl === undefined ? undefined : b.profilePictureUrl || null,
    pendingEmail,
  });
  if (b.userName !== undefined) await db.syncDirectoryUserName(q, userId);
  return { newEmail, taken, previousPicture };
}

/** Where a colleague's picture is; the viewer must still exist. */
export async function pictureUrl(q: Queryable, viewerId: string, userId: string): Promise<string> {
  if (!(await db.userExists(q, viewerId))) throw unauthorized('Your account no longer exists.', 'USER_GONE');
  const row = await db.pictureOf(q, userId);
  if (!row) throw notFound('User not found.');
  if (!row.url) throw notFound('This user has no profile picture.');
  return row.url;
}

// ── Google ──
export async function connectGoogle(q: Queryable, userId: string, subject: string): Promise<UserInfo> {
  await db.setGoogleSubject(q, userId, subject);
  return (await loadUserInfo(q, userId))!;
}
