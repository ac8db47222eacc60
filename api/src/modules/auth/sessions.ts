import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.js';
import { APP_ROLE } from '../../db/app-role.js';
import { sha256 } from '../../lib/hash.js';
import { accessChanged } from '../events/index.js';
import { loadUserInfo, type UserInfo } from './accounts.js';
import type { MfaDue } from '../../vocabulary.js';
import type { Aal, AuthMethod, SecondFactorMethod, TokenService } from './tokens.js';
import { iso } from '../../db/timestamps.js';

// Sessions, one auth_sessions row per signed-in device (migration 0018), and their refresh tokens.
// Every way in — the spec's /api/auth sign-in calls and the auth service's /auth/v1 — opens one
// here; every way out (sign-out, password change or reset, deactivation, a removed role) ends it
// here. Requests check the row through stockwise_enter (access plugin) or the authentication
// plugin's read, so an ended session's access tokens are refused on their next request.

/** Why a session ended (auth_sessions.ended_reason). */
export type EndReason =
  'sign-out' | 'password-change' | 'password-reset' | 'deactivated' | 'role-removed' | 'refresh-token-reuse';

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
  const [row] = await q.query<{ id: string; signedInAt: number }>(
    `INSERT INTO auth_sessions (company_id, user_id, amr, user_agent, ip, not_after)
     VALUES ($1, $2, $3, left($4, 512), left($5, 64),
             CASE WHEN $6::boolean THEN NULL ELSE now() + make_interval(secs => $7::int) END)
     RETURNING id, extract(epoch FROM created_at)::int AS "signedInAt"`,
    [user.companyId, user.id, how.amr, how.device.userAgent, how.device.ip, how.refreshable, how.seconds],
  );
  const { id, signedInAt } = row!;
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
  await q.query(
    `INSERT INTO auth_refresh_tokens (id, token_hash, company_id, session_id, parent_id) VALUES ($1, $2, $3, $4, $5)`,
    [id, sha256(token), companyId, sessionId, parentId],
  );
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
  const ended = await q.query<{ id: string; companyId: string }>(
    `UPDATE auth_sessions SET ended_at = now(), ended_reason = $2
      WHERE user_id = $1 AND ended_at IS NULL AND ($3::uuid IS NULL OR id = $3) AND ($4::uuid IS NULL OR id <> $4)
      RETURNING id, company_id AS "companyId"`,
    [userId, reason, scope.only ?? null, scope.except ?? null],
  );
  if (ended.length > 0) {
    await q.query(
      `UPDATE auth_refresh_tokens SET revoked_at = now()
        WHERE company_id = current_setting('app.company_id')::uuid AND session_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
      [ended.map((e) => e.id)],
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
            EXISTS (SELECT 1 FROM auth_sessions s WHERE s.id = $2 AND s.user_id = u.id AND s.ended_at IS NULL
                      AND (s.not_after IS NULL OR s.not_after > now())) AS "sessionLive",
            stockwise_mfa_due(u.company_id, u.id, $2::uuid) AS "mfaDue"
       FROM users u WHERE u.id = $1`,
    [userId, sessionId],
  );
  return row ?? null;
}

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
  const [facts] = await q.query<SessionFacts>(
    `UPDATE auth_sessions s SET aal = 'aal2', mfa_method = $3, mfa_at = now()
      WHERE s.id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND (s.not_after IS NULL OR s.not_after > now())
      RETURNING ${FACTS}`,
    [sessionId, user.id, method],
  );
  if (!facts) return null;
  // A rotation like a refresh: the active token is used up and its child answered, so a tab that
  // still holds the parent gets the active token again (GoTrue's parent exception), not a replay.
  const [active] = await q.query<{ id: string }>(
    `UPDATE auth_refresh_tokens SET revoked_at = now()
      WHERE id = (SELECT id FROM auth_refresh_tokens WHERE company_id = $1 AND session_id = $2 AND revoked_at IS NULL
                   ORDER BY created_at DESC LIMIT 1)
      RETURNING id`,
    [user.companyId, sessionId],
  );
  const refreshToken = await issueRefreshToken(q, tokens, user.companyId, sessionId, active?.id ?? null);
  const accessTokenString = await accessToken(tokens, user, sessionId, facts, accessSeconds);
  return { sessionId, accessToken: accessTokenString, expiresIn: accessSeconds, refreshToken };
}

export type RefreshOutcome =
  | { ok: true; user: UserInfo; sessionId: string; refreshToken: string; accessToken: string; expiresIn: number }
  | { ok: false; code: 'refresh_token_not_found' | 'refresh_token_already_used' | 'user_banned'; message: string };

interface TokenRow {
  id: string;
  companyId: string;
  sessionId: string;
  revoked: boolean;
  inGrace: boolean;
}

interface SessionRow extends SessionFacts {
  userId: string;
  live: boolean;
  active: boolean;
}

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
  return db.transaction(async (q) => {
    await q.query(`SET LOCAL ROLE ${APP_ROLE}`);
    const [t] = await q.query<TokenRow>(
      `SELECT id, company_id AS "companyId", session_id AS "sessionId", revoked_at IS NOT NULL AS revoked,
              coalesce(revoked_at > now() - make_interval(secs => $2::int), false) AS "inGrace"
         FROM auth_refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [sha256(presented), reuseSeconds],
    );
    const notFound = {
      ok: false,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    } as const;
    if (!t) return notFound;
    // Now the company is known: the rest runs under its row-level security.
    await q.query(`SELECT set_config('app.company_id', $1, true)`, [t.companyId]);
    const [s] = await q.query<SessionRow>(
      `SELECT s.user_id AS "userId", ${FACTS},
              s.ended_at IS NULL AND (s.not_after IS NULL OR s.not_after > now()) AS live,
              u.deactivated_at IS NULL AS active
         FROM auth_sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 FOR UPDATE OF s`,
      [t.sessionId],
    );
    // An ended session's tokens are gone, as GoTrue deletes them with the session.
    if (!s?.live) return notFound;
    if (!s.active) return { ok: false, code: 'user_banned', message: 'Invalid Refresh Token: User Banned' } as const;
    let issued: string;
    if (t.revoked) {
      const [current] = await q.query<{ id: string; parentId: string | null }>(
        `SELECT id, parent_id AS "parentId" FROM auth_refresh_tokens
          WHERE company_id = $1 AND session_id = $2 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`,
        [t.companyId, t.sessionId],
      );
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
      await q.query(`UPDATE auth_refresh_tokens SET revoked_at = now() WHERE id = $1`, [t.id]);
      issued = await issueRefreshToken(q, tokens, t.companyId, t.sessionId, t.id);
    }
    await q.query(`UPDATE auth_sessions SET refreshed_at = now() WHERE id = $1`, [t.sessionId]);
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
