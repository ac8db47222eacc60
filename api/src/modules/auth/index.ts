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
  findByUserName,
  insertUser,
  key,
  loadUserInfo,
  type NewUser,
  type UserInfo,
} from './accounts.js';
export { TokenService, ROLE_CLAIM, COMPANY_CLAIM, type Principal } from './tokens.js';
export { callerState, endSessions, openSession, rotateRefreshToken, type NewSession } from './sessions.js';
export { deviceOf, signInSession } from './session.js';
export { checkPassword, signInGuard } from './sign-in.js';
export { requestPasswordReset } from './password-reset.js';
export { changePassword, credentials } from './service.js';
export { AUDIENCE } from './tokens.js';

/** Unique constraints of this module, as field + message (409). */
export const AUTH_CONSTRAINTS: Record<string, [string, string]> = {
  user_directory_user_name_key_key: ['userName', 'This user name is already taken.'],
  user_directory_email_key_key: ['email', 'An account with this email already exists.'],
  user_directory_google_subject_key: ['idToken', 'This Google account is already connected to another account.'],
  users_company_id_user_name_key: ['userName', 'This user name is already taken.'],
};
