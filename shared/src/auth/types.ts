// Shapes the browser caches (spec §3). The API's full types are generated into api/types.ts.

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

export const PLAN_TYPE = { free: 0, premium: 1 } as const;
export const SUBSCRIPTION_STATUS = { active: 0 } as const;

export interface Plan {
  planId: string;
  planName: string;
  planType: number;
  monthlyPrice: number;
  yearlyPrice: number;
  maxUsers: number;
  maxLocations: number;
  stripePriceId?: string | null;
  stripeYearlyPriceId?: string | null;
}

export interface Subscription {
  status: number;
  plan: Plan | null;
}

/** The signed-in user as the API answers it (GET /api/auth/getuser, login, register). */
export interface UserInfo extends CachedUser {
  id?: string;
  companyId?: string;
}

export interface AuthResult {
  token?: string;
  user?: UserInfo;
  message?: string;
}

export interface LoginRequest {
  userName: string;
  password: string;
}

/** Spec §3: registration payload. */
export interface RegisterRequest {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  password: string;
}

/** Spec §3: registration-with-company payload (withGoogle defaults to false). */
export interface CompanyWithAdminRequest {
  companyName: string;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
  phone: string;
  industry: string;
  withGoogle: boolean;
  /** With withGoogle: the ID token that proves the email, so the answer can sign the owner in. */
  idToken?: string;
}

export interface RegisterWithInvitationRequest {
  invitationId: string;
  userName: string;
  firstName: string;
  lastName: string;
  password: string;
  email?: string;
}

export interface InvitationCheck {
  valid: boolean;
  message: string;
  email?: string;
  companyName?: string;
  roles?: string[];
  expiresAt?: string;
}

export interface ResetPasswordRequest {
  email: string;
  token: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  profilePictureUrl: string | null;
}

export interface Company {
  id: string;
  companyName: string;
  logoPath: string | null;
  industry: string | null;
  phone: string | null;
}
