// The auth module's public face: its prefix (/api/auth; its routes, one file per flow, are
// mounted by app.ts from routes.ts), its unique constraints' messages, and the account and token
// helpers other modules build on.
export const AUTH_PREFIX = '/api/auth';
export {
  ADMIN,
  BUILT_IN_ROLES,
  OWNER,
  createCompanyWithOwner,
  currentRoles,
  findByEmail,
  findByGoogleSubject,
  findByUserName,
  insertUser,
  key,
  loadUserInfo,
  type NewUser,
  type UserInfo,
} from './accounts.js';
export { TokenService, ROLE_CLAIM, COMPANY_CLAIM, type Principal, type SecondFactorMethod } from './tokens.js';
export { callerState } from './session-queries.js';
export { endSessions, openSession, raiseToAal2, rotateRefreshToken, type MfaDue, type NewSession } from './sessions.js';
export { rememberNonce, verifiedIdentity } from './google-identity.js';
export { deviceOf, goTrueTokens, signInSession } from './session.js';
export { checkPassword, signInGuard } from './sign-in.js';
export { requestPasswordReset } from './password-reset.js';
export { applyEmailChange, changePassword, connectGoogle, credentials, updateProfile } from './service.js';
export { issueVerification, mailEmailChangeAsked, requireMail, sendVerification } from './verification.js';
export { mailAddressTaken } from './collisions.js';
export { AUDIENCE } from './tokens.js';

/** Unique constraints of this module, as field + message (409). */
export const AUTH_CONSTRAINTS: Record<string, [string, string]> = {
  user_directory_user_name_key_key: ['userName', 'This user name is already taken.'],
  user_directory_email_key_key: ['email', 'An account with this email already exists.'],
  user_directory_google_subject_key: ['idToken', 'This Google account is already connected to another account.'],
  users_company_id_user_name_key: ['userName', 'This user name is already taken.'],
};
