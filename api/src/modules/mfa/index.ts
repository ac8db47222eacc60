// Multi-factor sign-in: TOTP and phone factors (served to supabase-js by hosted-auth/factors.ts),
// recovery codes, and the company's requirement for Owners and Admins (mfaRoutes, under /api).
export {
  CHALLENGE_SECONDS,
  countFactors,
  findChallenge,
  findFactor,
  listFactors,
  MAX_FACTORS,
  sessionAal,
  type FactorJson,
  type FactorRow,
} from './factors.js';
export { dropRecoveryCodes, RECOVERY_CODE, useRecoveryCode } from './recovery-codes.js';
export { newTotp, totpStep } from './totp.js';
