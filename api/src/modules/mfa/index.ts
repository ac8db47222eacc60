// Multi-factor sign-in: TOTP and phone factors (served to supabase-js by hosted-auth/factors.ts),
// recovery codes, and the company's requirement for Owners and Admins (mfaRoutes, under /api).
export {
  acceptTotpStep,
  CHALLENGE_SECONDS,
  countFactors,
  deleteFactor,
  dropRecoveryCodes,
  dropStaleUnverifiedFactors,
  factorNameTaken,
  findChallenge,
  findFactor,
  insertChallenge,
  insertFactor,
  listFactors,
  markChallengeVerified,
  markFactorVerified,
  MAX_FACTORS,
  sessionAal,
  verifiedPhoneFactorExists,
  type FactorJson,
  type FactorRow,
} from './queries.js';
export { RECOVERY_CODE, useRecoveryCode } from './recovery-codes.js';
export { newTotp, totpStep } from './totp.js';
