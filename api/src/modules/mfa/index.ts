// Multi-factor sign-in: TOTP and phone factors (served to supabase-js by hosted-auth/factors.ts),
// recovery codes, and the company's requirement for Owners and Admins (mfaRoutes, under /api).
export { listFactors, type FactorJson } from './factors.js';
export { mfaRoutes } from './routes.js';
