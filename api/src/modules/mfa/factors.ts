import type { Queryable } from '../../db/database.js';

// A user's factors (auth_factors, migration 0019) and their challenges, read and written inside
// the company's transaction (row-level security binds every query to the caller's company).

export type FactorType = 'totp' | 'phone';
export type FactorStatus = 'unverified' | 'verified';

/** A factor as GoTrue lists it in a user (supabase/auth internal/models/factor.go). */
export interface FactorJson {
  id: string;
  friendly_name: string;
  factor_type: FactorType;
  status: FactorStatus;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
  phone?: string;
}

export interface FactorRow {
  id: string;
  factorType: FactorType;
  status: FactorStatus;
  friendlyName: string;
  /** The sealed TOTP key (totp factors). */
  secret: string | null;
  phone: string | null;
  lastUsedStep: number | null;
  /** Seconds since the factor's last challenge (phone codes are sent at most once a minute). */
  sinceChallenge: number | null;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${ISO})`;

/** GoTrue's limit on a user's factors, verified or not. */
export const MAX_FACTORS = 10;
/** How long a challenge can be answered (GoTrue's MFA_CHALLENGE_EXPIRY_DURATION). */
export const CHALLENGE_SECONDS = 300;

export async function listFactors(q: Queryable, userId: string): Promise<FactorJson[]> {
  const rows = await q.query<FactorJson & { phone: string | null }>(
    `SELECT id, friendly_name, factor_type, status, ${iso('created_at')} AS created_at,
            ${iso('updated_at')} AS updated_at, ${iso('last_challenged_at')} AS last_challenged_at, phone
       FROM auth_factors WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map(({ phone, ...f }) => (phone === null ? f : { ...f, phone }));
}

/** The user's factor by id, locked for the verification or challenge at hand; null when not theirs. */
export async function findFactor(q: Queryable, userId: string, factorId: string): Promise<FactorRow | null> {
  const [row] = await q.query<FactorRow>(
    `SELECT id, factor_type AS "factorType", status, friendly_name AS "friendlyName", secret, phone,
            last_used_step::float8 AS "lastUsedStep",
            extract(epoch FROM now() - last_challenged_at)::float8 AS "sinceChallenge"
       FROM auth_factors WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [factorId, userId],
  );
  return row ?? null;
}

export async function countFactors(q: Queryable, userId: string) {
  const [row] = await q.query<{ all: number; verified: number }>(
    `SELECT count(*)::int AS all, (count(*) FILTER (WHERE status = 'verified'))::int AS verified
       FROM auth_factors WHERE user_id = $1`,
    [userId],
  );
  return row ?? { all: 0, verified: 0 };
}

/** The session's assurance level (aal2 once a second factor was verified in it). */
export async function sessionAal(q: Queryable, sessionId: string): Promise<'aal1' | 'aal2'> {
  const [row] = await q.query<{ aal: 'aal1' | 'aal2' }>(`SELECT aal FROM auth_sessions WHERE id = $1`, [sessionId]);
  return row?.aal ?? 'aal1';
}

export interface ChallengeRow {
  ip: string;
  codeHash: string | null;
  verified: boolean;
  expired: boolean;
}

export async function findChallenge(q: Queryable, factorId: string, challengeId: string): Promise<ChallengeRow | null> {
  const [row] = await q.query<ChallengeRow>(
    `SELECT ip, code_hash AS "codeHash", verified_at IS NOT NULL AS verified,
            created_at < now() - make_interval(secs => $3::int) AS expired
       FROM auth_mfa_challenges WHERE id = $1 AND factor_id = $2 FOR UPDATE`,
    [challengeId, factorId, CHALLENGE_SECONDS],
  );
  return row ?? null;
}
