import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { bindCompany, inPublic } from '../../db/tenant.js';
import { sha256 } from '../../lib/hash.js';
import { accessChanged } from '../events/index.js';
import { loadUserInfo, type UserInfo } from './accounts.js';
import type { MfaDue } from '../../vocabulary.js';
import {
  activeToken,
  endLiveSessions,
  insertRefreshToken,
  insertSession,
  lockedSession,
  markRefreshed,
  raiseSession,
  revokeActiveToken,
  revokeSessionsTokens,
  revokeToken,
  tokenByHash,
  type EndReason,
  type SessionFacts,
} from './session-queries.js';
import type { AuthMethod, SecondFactorMethod, TokenService } from './tokens.js';

// Sessions, one auth_sessions row per signed-in device (migration 0018), and their refresh tokens.
// Every way in — the spec's /api/auth sign-in calls and the auth service's /auth/v1 — opens one
// here; every way out (sign-out, password change or reset, deactivation, a removed role) ends it
// here. Requests check the row through stockwise_enter (access plugin) or the authentication
// plugin's read, so an ended session's access tokens are refused on their next request.

/** The device a session was opened from, as the request showed it. */
export interface DeviceInfo {
  userAgent: string | null;
  ip: string | null;
}

export interface NewSession {
  sessionId: string;
  accessToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
  /** Absent for a session that cannot be refreshed (the spec's sign-in calls answer a token only). */
  refreshToken: string | null;
}

/** The access token of a session for a user, for `seconds`. */
export function accessToken(tokens: TokenService, user: UserInfo, sessionId: string, s: SessionFacts, seconds: number) {
  return tokens.sign(
    {
      userId: user.id,
      companyId: user.companyId,
      userName: user.userName,
      roles: user.roles,
      email: user.email,
      sessionId,
      aal: s.aal,
      amr: s.amr,
      signedInAt: s.signedInAt,
      mfa: s.mfaMethod && s.mfaAt !== null ? { method: s.mfaMethod, at: s.mfaAt } : null,
    },
    seconds,
  );
}

/**
 * Opens a session for the user inside the company's transaction. refreshable: the auth service's
 * sessions get a refresh token and short access tokens; the others (the spec's sign-in, which
 * answers a token only) end with their one access token (not_after).
 */
export async function openSession(
  q: Queryable,
  tokens: TokenService,
  user: UserInfo,
  how: { amr: AuthMethod; device: DeviceInfo; refreshable: boolean; seconds: number },
): Promise<NewSession> {
  const { id, signedInAt } = await insertSession(q, {
    companyId: user.companyId,
    userId: user.id,
    amr: how.amr,
    userAgent: how.device.userAgent,
    ip: how.device.ip,
    refreshable: how.refreshable,
    seconds: how.seconds,
  });
  const refreshToken = how.refreshable ? await issueRefreshToken(q, tokens, user.companyId, id, null) : null;
  const token = await accessToken(
    tokens,
    user,
    id,
    { aal: 'aal1', amr: how.amr, signedInAt, mfaMethod: null, mfaAt: null },
    how.seconds,
  );
  return { sessionId: id, accessToken: token, expiresIn: how.seconds, refreshToken };
}

export async function issueRefreshToken(
  q: Queryable,
  tokens: TokenService,
  companyId: string,
  sessionId: string,
  parentId: string | null,
): Promise<string> {
  const id = randomUUID();
  const token = tokens.refreshToken(id);
  await insertRefreshToken(q, { id, hash: sha256(token), companyId, sessionId, parentId });
  return token;
}

/**
 * Ends the user's live sessions (inside the company's transaction): all of them, only one, or all
 * but one. Their access tokens are refused from the next request, their refresh tokens with them.
 */
export async function endSessions(
  q: Queryable,
  userId: string,
  reason: EndReason,
  scope: { only?: string; except?: string } = {},
): Promise<number> {
  const ended = await endLiveSessions(q, userId, reason, { only: scope.only ?? null, except: scope.except ?? null });
  if (ended.length > 0) {
    await revokeSessionsTokens(
      q,
      ended.map((e) => e.id),
    );
    // A live-update stream must not outlive its session: the user's streams end on every replica
    // once this commits, and a tab still signed in reconnects with a new ticket.
    accessChanged(q, ended[0]!.companyId, [userId]);
  }
  return ended.length;
}

/**
 * What second factor a caller still owes before business data (stockwise_mfa_due, migration 0019):
 * 'verify' — they have a verified factor and the session is aal1; 'enrol' — their company requires
 * a factor of Owners and Admins and they have none; null — nothing.
 */
export type { MfaDue };

/**
 * Raises a live session of the user to aal2 after a verified second factor (inside the company's
 * transaction) and answers what a new access token of it says, with a refresh token: GoTrue answers
 * a full session on verify, also for a session the spec's sign-in opened (which still ends at its
 * not_after). Null when the session has ended meanwhile.
 */
export async function raiseToAal2(
  q: Queryable,
  tokens: TokenService,
  user: UserInfo,
  sessionId: string,
  method: SecondFactorMethod,
  accessSeconds: number,
): Promise<NewSession | null> {
  const facts = await raiseSession(q, sessionId, user.id, method);
  if (!facts) return null;
  // A rotation like a refresh: the active token is used up and its child answered, so a tab that
  // still holds the parent gets the active token again (GoTrue's parent exception), not a replay.
  const active = await revokeActiveToken(q, user.companyId, sessionId);
  const refreshToken = await issueRefreshToken(q, tokens, user.companyId, sessionId, active);
  const accessTokenString = await accessToken(tokens, user, sessionId, facts, accessSeconds);
  return { sessionId, accessToken: accessTokenString, expiresIn: accessSeconds, refreshToken };
}

export type RefreshOutcome =
  | { ok: true; user: UserInfo; sessionId: string; refreshToken: string; accessToken: string; expiresIn: number }
  | { ok: false; code: 'refresh_token_not_found' | 'refresh_token_already_used' | 'user_banned'; message: string };

/**
 * The refresh_token grant, GoTrue's rules, in one transaction with the token's row locked:
 * - a live token is used up (revoked) and replaced by its child;
 * - a used token whose child is the session's active token answers that active token again (the
 *   client lost the previous answer);
 * - a used token within the reuse interval of its use gets a child of its own (concurrent tabs);
 * - any other used token is a replay: the whole session ends, and every token of it is refused.
 * The caller answers the failure after this transaction has committed (the ended session stays ended).
 */
export function rotateRefreshToken(
  db: Database,
  tokens: TokenService,
  presented: string,
  reuseSeconds: number,
  accessSeconds: number,
): Promise<RefreshOutcome> {
  return inPublic(db, async (q) => {
    const t = await tokenByHash(q, sha256(presented), reuseSeconds);
    const notFound = {
      ok: false,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    } as const;
    if (!t) return notFound;
    // Now the company is known: the rest runs under its row-level security.
    await bindCompany(q, t.companyId);
    const s = await lockedSession(q, t.sessionId);
    // An ended session's tokens are gone, as GoTrue deletes them with the session.
    if (!s?.live) return notFound;
    if (!s.active) return { ok: false, code: 'user_banned', message: 'Invalid Refresh Token: User Banned' } as const;
    let issued: string;
    if (t.revoked) {
      const current = await activeToken(q, t.companyId, t.sessionId);
      if (current?.parentId === t.id) issued = tokens.refreshToken(current.id);
      else if (t.inGrace) issued = await issueRefreshToken(q, tokens, t.companyId, t.sessionId, t.id);
      else {
        await endSessions(q, s.userId, 'refresh-token-reuse', { only: t.sessionId });
        return {
          ok: false,
          code: 'refresh_token_already_used',
          message: 'Invalid Refresh Token: Already Used',
        } as const;
      }
    } else {
      await revokeToken(q, t.id);
      issued = await issueRefreshToken(q, tokens, t.companyId, t.sessionId, t.id);
    }
    await markRefreshed(q, t.sessionId);
    const user = await loadUserInfo(q, s.userId);
    if (!user) return notFound;
    return {
      ok: true,
      user,
      sessionId: t.sessionId,
      refreshToken: issued,
      accessToken: await accessToken(tokens, user, t.sessionId, s, accessSeconds),
      expiresIn: accessSeconds,
    } as const;
  });
}
