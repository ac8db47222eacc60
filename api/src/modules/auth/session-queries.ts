import type { Queryable } from '../../db/database.js';
import { iso } from '../../db/timestamps.js';
import type { MfaDue } from '../../vocabulary.js';
import type { Aal, AuthMethod, SecondFactorMethod } from './tokens.js';

// SQL of the sessions (auth_sessions, migration 0018) and their refresh tokens
// (auth_refresh_tokens), for sessions.ts and session.ts. All run in the company's transaction
// (row-level security), except tokenByHash: a refresh token is found before its company is known.

/** Why a session ended (auth_sessions.ended_reason). */
export type EndReason =
  'sign-out' | 'password-change' | 'password-reset' | 'deactivated' | 'role-removed' | 'refresh-token-reuse';

export interface SessionFacts {
  aal: Aal;
  amr: AuthMethod;
  signedInAt: number;
  /** The second factor verified in the session (aal2), null before. */
  mfaMethod: SecondFactorMethod | null;
  mfaAt: number | null;
}

/** A session's facts as a query reads them from auth_sessions s (a select list). */
const FACTS = `s.aal, s.amr, extract(epoch FROM s.created_at)::int AS "signedInAt",
  s.mfa_method AS "mfaMethod", extract(epoch FROM s.mfa_at)::int AS "mfaAt"`;

/** A session is live until it ends, and until its not_after when it has one. */
const LIVE = `s.ended_at IS NULL AND (s.not_after IS NULL OR s.not_after > now())`;

/** Whether the user may sign in (not deactivated); false when there is no such user. */
export async function userActive(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q.query<{ active: boolean }>(`SELECT deactivated_at IS NULL AS active FROM users WHERE id = $1`, [
    userId,
  ]);
  return row?.active ?? false;
}

/**
 * A new session row; `refreshable` ones live until they end, the others end at now + `seconds`
 * (not_after). The device's user agent and address are kept to 512 and 64 characters.
 */
export async function insertSession(
  q: Queryable,
  s: {
    companyId: string;
    userId: string;
    amr: AuthMethod;
    userAgent: string | null;
    ip: string | null;
    refreshable: boolean;
    seconds: number;
  },
): Promise<{ id: string; signedInAt: number }> {
  const [row] = await q.query<{ id: string; signedInAt: number }>(
    `INSERT INTO auth_sessions (company_id, user_id, amr, user_agent, ip, not_after)
     VALUES ($1, $2, $3, left($4, 512), left($5, 64),
             CASE WHEN $6::boolean THEN NULL ELSE now() + make_interval(secs => $7::int) END)
     RETURNING id, extract(epoch FROM created_at)::int AS "signedInAt"`,
    [s.companyId, s.userId, s.amr, s.userAgent, s.ip, s.refreshable, s.seconds],
  );
  return row!;
}

export const insertRefreshToken = (
  q: Queryable,
  t: { id: string; hash: string; companyId: string; sessionId: string; parentId: string | null },
) =>
  q.query(
    `INSERT INTO auth_refresh_tokens (id, token_hash, company_id, session_id, parent_id) VALUES ($1, $2, $3, $4, $5)`,
    [t.id, t.hash, t.companyId, t.sessionId, t.parentId],
  );

/** Ends the user's live sessions (all, only one, or all but one); answers those it ended. */
export const endLiveSessions = (
  q: Queryable,
  userId: string,
  reason: EndReason,
  scope: { only: string | null; except: string | null },
) =>
  q.query<{ id: string; companyId: string }>(
    `UPDATE auth_sessions SET ended_at = now(), ended_reason = $2
      WHERE user_id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR id = $3) AND ($4::uuid IS NULL OR id <> $4)
      RETURNING id, company_id AS "companyId"`,
    [userId, reason, scope.only, scope.except],
  );

/** Revokes the live refresh tokens of these sessions of the transaction's company. */
export const revokeSessionsTokens = (q: Queryable, sessionIds: string[]) =>
  q.query(
    `UPDATE auth_refresh_tokens SET revoked_at = now()
      WHERE company_id = current_setting('app.company_id')::uuid AND session_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
    [sessionIds],
  );

/** A live session as its owner sees it on the Security page. */
export interface SessionListing {
  id: string;
  createdAt: string;
  /** The last refresh, or the sign-in when it was never refreshed. */
  lastActiveAt: string;
  userAgent: string | null;
  ip: string | null;
  signInMethod: AuthMethod;
  aal: Aal;
  current: boolean;
}

/**
 * The user's live sessions (inside the company's transaction, so row-level security keeps them to
 * the token's company), the caller's own first, then the most recently active.
 */
export function listSessions(q: Queryable, userId: string, currentSessionId: string): Promise<SessionListing[]> {
  return q.query<SessionListing>(
    `SELECT id, ${iso('created_at')} AS "createdAt",
            ${iso('coalesce(refreshed_at, created_at)')} AS "lastActiveAt",
            user_agent AS "userAgent", ip, amr AS "signInMethod", aal, id = $2 AS current
       FROM auth_sessions
      WHERE user_id = $1 AND ended_at IS NULL AND (not_after IS NULL OR not_after > now())
      ORDER BY id = $2 DESC, coalesce(refreshed_at, created_at) DESC, id`,
    [userId, currentSessionId],
  );
}

/** What a request's token stands on, read in the token's company: its user and its session. */
export interface CallerState {
  active: boolean;
  sessionLive: boolean;
  mfaDue: MfaDue;
}

/** The caller's user (null: gone), whether the token's session is live and what it owes, in one read. */
export async function callerState(q: Queryable, userId: string, sessionId: string): Promise<CallerState | null> {
  const [row] = await q.query<CallerState>(
    `SELECT u.deactivated_at IS NULL AS active,
            EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = $2 AND s.user_id = u.id AND ${LIVE}) AS "sessionLive",
            stockwise_mfa_due(u.company_id, u.id, $2::uuid) AS "mfaDue"
       FROM users u WHERE u.id = $1`,
    [userId, sessionId],
  );
  return row ?? null;
}

/** Raises the user's live session to aal2 by this method; answers its facts, null when it is not live. */
export async function raiseSession(
  q: Queryable,
  sessionId: string,
  userId: string,
  method: SecondFactorMethod,
): Promise<SessionFacts | null> {
  const [facts] = await q.query<SessionFacts>(
    `UPDATE auth_sessions s SET aal = 'aal2', mfa_method = $3, mfa_at = now()
      WHERE s.id = $1 AND s.user_id = $2 AND ${LIVE}
      RETURNING ${FACTS}`,
    [sessionId, userId, method],
  );
  return facts ?? null;
}

/** Revokes the session's active (newest live) refresh token; answers its id, null when there was none. */
export async function revokeActiveToken(q: Queryable, companyId: string, sessionId: string): Promise<string | null> {
  const [active] = await q.query<{ id: string }>(
    `UPDATE auth_refresh_tokens SET revoked_at = now()
      WHERE id = (SELECT id FROM auth_refresh_tokens WHERE company_id = $1 AND session_id = $2 AND revoked_at IS NULL
                   ORDER BY created_at DESC LIMIT 1)
      RETURNING id`,
    [companyId, sessionId],
  );
  return active?.id ?? null;
}

// ── the refresh_token grant (rotateRefreshToken) ──

export interface TokenRow {
  id: string;
  companyId: string;
  sessionId: string;
  revoked: boolean;
  /** Revoked less than the reuse interval ago. */
  inGrace: boolean;
}

/** The refresh token of this hash, locked until the transaction ends (in the directory's transaction). */
export async function tokenByHash(q: Queryable, hash: string, reuseSeconds: number): Promise<TokenRow | null> {
  const [t] = await q.query<TokenRow>(
    `SELECT id, company_id AS "companyId", session_id AS "sessionId", revoked_at IS NOT NULL AS revoked,
            coalesce(revoked_at > now() - make_interval(secs => $2::int), false) AS "inGrace"
       FROM auth_refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [hash, reuseSeconds],
  );
  return t ?? null;
}

export interface SessionRow extends SessionFacts {
  userId: string;
  live: boolean;
  /** The session's user is not deactivated. */
  active: boolean;
}

/** The session with its user's state, the session's row locked until the transaction ends. */
export async function lockedSession(q: Queryable, sessionId: string): Promise<SessionRow | null> {
  const [s] = await q.query<SessionRow>(
    `SELECT s.user_id AS "userId", ${FACTS},
            ${LIVE} AS live,
            u.deactivated_at IS NULL AS active
       FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 FOR UPDATE OF s`,
    [sessionId],
  );
  return s ?? null;
}

/** The session's active (newest live) refresh token and its parent. */
export async function activeToken(
  q: Queryable,
  companyId: string,
  sessionId: string,
): Promise<{ id: string; parentId: string | null } | null> {
  const [current] = await q.query<{ id: string; parentId: string | null }>(
    `SELECT id, parent_id AS "parentId" FROM auth_refresh_tokens
      WHERE company_id = $1 AND session_id = $2 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [companyId, sessionId],
  );
  return current ?? null;
}

export const revokeToken = (q: Queryable, tokenId: string) =>
  q.query(`UPDATE auth_refresh_tokens SET revoked_at = now() WHERE id = $1`, [tokenId]);

export const markRefreshed = (q: Queryable, sessionId: string) =>
  q.query(`UPDATE auth_sessions SET refreshed_at = now() WHERE id = $1`, [sessionId]);
