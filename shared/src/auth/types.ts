// Shapes the browser caches (spec §3). Everything the API sends or receives is generated from
// its OpenAPI document into ../api/types.ts and re-exported here under the names screens use.
import type {
  Company,
  HostedSession,
  CompanyWithAdminRequest,
  LoginRequest,
  Plan,
  RegisterRequest,
  RegisterWithInvitationRequest,
  ResetPasswordRequest,
  Subscription as ApiSubscription,
  UpdateUserRequest,
  ValidateInvitationResult,
} from '../api/types';

export type {
  Company,
  CompanyWithAdminRequest,
  LoginRequest,
  Plan,
  RegisterRequest,
  RegisterWithInvitationRequest,
  ResetPasswordRequest,
};
export type InvitationCheck = ValidateInvitationResult;
export type ProfileUpdate = UpdateUserRequest;

export interface CachedUser {
  userName: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  profilePictureUrl?: string | null;
  roles?: string[];
  CompanyName?: string;
  companyName?: string;
}

/**
 * The cached subscription entry: what GET /api/subscription/current answered. The premium and
 * plan-name rules (spec §4) read only status and plan, and must survive an entry without a plan.
 */
export type Subscription = Pick<ApiSubscription, 'status'> & {
  plan: Plan | null;
} & Partial<Pick<ApiSubscription, 'billingInterval' | 'currentPeriodEnd'>>;

export const PLAN_TYPE = { free: 0, premium: 1 } as const;
export const SUBSCRIPTION_STATUS = { active: 0 } as const;

/** The signed-in user as the API answers it (GET /api/auth/getuser, login, register). */
export interface UserInfo extends CachedUser {
  id?: string;
  companyId?: string;
  /** Whether a Google account is connected to this account (profile: "Connect Google"). */
  googleConnected?: boolean;
  /** A new email waiting for its owner to open the mailed link; the account keeps `email` until then. */
  pendingEmail?: string | null;
}

export interface AuthResult {
  token?: string;
  user?: UserInfo;
  message?: string;
  /** The session behind `token` (refresh token and expiry), which the page's supabase-js takes over. */
  session?: HostedSession;
}

/**
 * What a registration answers: a session (token and user, e.g. with Google, whose ID token proves
 * the email), or no token and `verificationRequired` with the address the verification link went to.
 */
export interface RegistrationResult extends AuthResult {
  verificationRequired?: boolean;
  email?: string;
}
