import type { Queryable } from '../../db/database.js';
import { exact } from '../../db/timestamps.js';

// The mfa module's SQL: the company's requirement, a user's factors and their challenges, and
// recovery codes. Each runs in the company's transaction (row-level security binds it to the
// caller's company).

/** The company's policy: its Owners and Admins must verify a second factor. */
export async function setRequireMfaForAdmins(q: Queryable, companyId: string, on: boolean): Promise<void> {
  await q.query(`UPDATE companies SET require_mfa_for_admins = $2, updated_at = now() WHERE id = $1`, [companyId, on]);
}

export async function requiresMfaForAdmins(q: Queryable, companyId: string): Promise<boolean> {
  const [row] = await q.query<{ on: boolean }>(`SELECT require_mfa_for_admins AS on FROM companies WHERE id = $1`, [
    companyId,
  ]);
  return row?.on ?? false;
}

// ── factors ──

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

/** GoTrue's timestamps carry microseconds. */
const iso = exact;

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

// ── recovery codes ──

/** Replaces the user's recovery codes with these digests. */
export async function replaceRecoveryCodeDigests(
  q: Queryable,
  user: { id: string; companyId: string },
  digests: string[],
): Promise<void> {
  await q.query(`DELETE FROM auth_recovery_codes WHERE user_id = $1`, [user.id]);
  await q.query(
    `INSERT INTO auth_recovery_codes (company_id, user_id, code_hash)
     SELECT $1, $2, unnest($3::text[])`,
    [user.companyId, user.id, digests],
  );
}

/** Marks the user's unused code with this digest used; false when there is none. */
export async function spendRecoveryCode(q: Queryable, userId: string, digest: string): Promise<boolean> {
  const used = await q.query(
    `UPDATE auth_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [userId, digest],
  );
  return used.length === 1;
}

/** How many unused codes the user has left. */
export async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
  return row?.n ?? 0;
}

/** The user's recovery codes go (their last verified factor went). */
export async function dropRecoveryCodes(q: Queryable, userId: string): Promise<void> {
  await q.query(`DELETE FROM auth_recovery_codes WHERE user_id = $1`, [userId]);
}

// ── enrolment, challenge and verification (GoTrue's factor endpoints, hosted-auth/factors.ts) ──

/**
 * Drops the user's unverified factors older than `seconds`, and an unverified phone factor of the
 * same number (a new enrolment replaces it).
 */
export const dropStaleUnverifiedFactors = (q: Queryable, userId: string, seconds: number, phone: string | null) =>
  q.query(
    `DELETE FROM auth_factors WHERE user_id = $1 AND status = 'unverified'
        AND (created_at < now() - make_interval(secs => $2::int) OR (factor_type = 'phone' AND phone = $3))`,
    [userId, seconds, phone],
  );

/** Whether the user has a factor of this friendly name. */
export async function factorNameTaken(q: Queryable, userId: string, name: string): Promise<boolean> {
  const [clash] = await q.query(`SELECT 1 FROM auth_factors WHERE user_id = $1 AND friendly_name = $2`, [userId, name]);
  return clash !== undefined;
}

/** Whether the user has a verified phone factor of this number. */
export async function verifiedPhoneFactorExists(q: Queryable, userId: string, phone: string): Promise<boolean> {
  const [same] = await q.query(
    `SELECT 1 FROM auth_factors WHERE user_id = $1 AND factor_type = 'phone' AND phone = $2 AND status = 'verified'`,
    [userId, phone],
  );
  return same !== undefined;
}

export const insertFactor = (
  q: Queryable,
  f: {
    companyId: string;
    id: string;
    userId: string;
    factorType: FactorType;
    friendlyName: string;
    secret: string | null;
    phone: string | null;
  },
) =>
  q.query(
    `INSERT INTO auth_factors (company_id, id, user_id, factor_type, friendly_name, secret, phone)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [f.companyId, f.id, f.userId, f.factorType, f.friendlyName, f.secret, f.phone],
  );

/** A new challenge of the factor, from this address (kept to 64 characters), and the factor's challenge time. */
export async function insertChallenge(
  q: Queryable,
  c: { companyId: string; id: string; factorId: string; ip: string; codeHash: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO auth_mfa_challenges (company_id, id, factor_id, ip, code_hash) VALUES ($1, $2, $3, left($4, 64), $5)`,
    [c.companyId, c.id, c.factorId, c.ip, c.codeHash],
  );
  await q.query(`UPDATE auth_factors SET last_challenged_at = now() WHERE id = $1`, [c.factorId]);
}

export const markChallengeVerified = (q: Queryable, challengeId: string) =>
  q.query(`UPDATE auth_mfa_challenges SET verified_at = now() WHERE id = $1`, [challengeId]);

/** The factor becomes verified; the user's other unverified factors of its type go (as GoTrue). */
export async function markFactorVerified(
  q: Queryable,
  f: { id: string; userId: string; factorType: FactorType },
): Promise<void> {
  await q.query(`UPDATE auth_factors SET status = 'verified', updated_at = now() WHERE id = $1`, [f.id]);
  await q.query(
    `DELETE FROM auth_factors WHERE user_id = $1 AND status = 'unverified' AND factor_type = $2 AND id <> $3`,
    [f.userId, f.factorType, f.id],
  );
}

export const deleteFactor = (q: Queryable, factorId: string) =>
  q.query(`DELETE FROM auth_factors WHERE id = $1`, [factorId]);

/** Records a TOTP code's time step as used when it is later than the last one; false when it is not. */
export async function acceptTotpStep(q: Queryable, factorId: string, step: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE auth_factors SET last_used_step = $2 WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2)
      RETURNING id`,
    [factorId, step],
  );
  return rows.length === 1;
}
