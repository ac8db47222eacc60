import { call } from '../api/call';
import type { AuthProviders } from '../api/types';
import { AppError, serverError, toAppError } from '../api/errors';
import { events } from '../events/bus';
import { AUTH_MESSAGES, THIRD_PARTY_FALLBACK_USER_NAME, THIRD_PARTY_PROVIDER } from './messages';
import { adoptSession, getAuthClient, signOutEverywhere } from './hosted-client';
import { getUser } from './profile';
import { session } from './session-store';
import { sitePath } from './site-path';
import { DEFAULT_PATH } from './storage-keys';
import { CALLBACK_PATH } from './third-party/oidc';
import type {
  AuthResult,
  CompanyWithAdminRequest,
  InvitationCheck,
  LoginRequest,
  RegistrationResult,
  ProfileUpdate,
  RegisterRequest,
  RegisterWithInvitationRequest,
  ResetPasswordRequest,
  Subscription,
  UserInfo,
} from './types';

// The session flows of spec §4, over the API calls of spec §7, with the messages of §§5 and 8.
// Screens call these and show `error.message`; they never touch the local entries themselves.

/** GET /api/subscription/current; the subscription service's variant rethrows (spec §8). */
export async function fetchCurrentSubscription(): Promise<Subscription> {
  return call('GET', '/api/subscription/current');
}

/**
 * Loads and caches the subscription. The auth service's variant: null on failure (spec §8),
 * and the cached entry is left as it was.
 */
export async function loadSubscription(): Promise<Subscription | null> {
  try {
    const subscription = await fetchCurrentSubscription();
    session.setSubscription(subscription);
    events.emit('subscription-updated');
    return subscription;
  } catch {
    return null;
  }
}

/** Spec §4: login success stores token and user, announces it, loads the subscription in the background. */
export async function login(credentials: LoginRequest): Promise<AuthResult> {
  let data: AuthResult;
  try {
    data = await call('POST', '/api/auth/login', { body: credentials });
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.loginError);
  }
  if (!data?.token) throw new AppError(AUTH_MESSAGES.loginFailed);
  await storeSession(data, AUTH_MESSAGES.loginError);
  signedIn(data.user);
  return data;
}

/** Spec §4's end of a sign-in, whichever way: the user entry, the announcement, the subscription in the background. */
function signedIn(user: UserInfo | undefined): void {
  if (user) session.setUser(user);
  events.emit('profile-updated');
  void loadSubscription(); // a failure is ignored
}

/**
 * The session behind a sign-in answer goes to the page's supabase-js client, which refreshes it
 * from then on; then its token goes into the spec's entry. In that order because the entry is what
 * "signed in" means to every screen — the sign-in page leaves for the workspace the moment it is
 * written — and a page left before supabase-js had kept the session (a reload, a click, a second
 * factor's step) would find a token with no session behind it, and its start would end it. A
 * session the client cannot take over would end at its token's expiry, under the user's hands:
 * the sign-in fails with the flow's message instead.
 */
async function storeSession(data: AuthResult, failure: string): Promise<void> {
  if (data.session) {
    try {
      await adoptSession(data.session);
    } catch (error) {
      session.clear();
      throw toAppError(error, failure);
    }
  }
  session.setToken(data.token as string);
}

async function storeThirdPartySession(data: AuthResult, failure: string) {
  await storeSession(data, failure);
  // Spec §3: the cached user holds only userName; profile sync fills in the rest. The sync starts
  // when the token is stored and may have finished while the session was being adopted: what it
  // read of this user is kept, not overwritten with the bare name.
  const userName = data.user?.userName || THIRD_PARTY_FALLBACK_USER_NAME;
  const cached = session.get().user;
  session.setUser(cached?.userName === userName ? cached : { userName });
  events.emit('profile-updated');
}

/**
 * What the auth service said when a supabase-js call failed: its message, with GoTrue's error code
 * (otp_expired, over_email_send_rate_limit…) for the screen to put in the reader's words. A call
 * that never got an answer (status 0) says nothing usable: the flow's fallback.
 */
function authFailure(error: unknown, fallback: string): AppError {
  const e = (error ?? {}) as { message?: unknown; code?: unknown; status?: unknown };
  const status = typeof e.status === 'number' && e.status > 0 ? e.status : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = status && typeof e.message === 'string' && e.message.trim() ? e.message : fallback;
  return new AppError(message, { ...(status ? { status } : {}), ...(code ? { code } : {}) });
}

/**
 * A sign-in that supabase-js completed itself (a mailed code, single sign-on): it holds the
 * session already and refreshes it; the spec's entries follow as after login() — the token, then
 * the user the API knows (readable before a second factor), announced, the subscription loaded.
 * A user that cannot be read leaves no half sign-in behind.
 */
async function adoptHostedSignIn(accessToken: string): Promise<UserInfo> {
  session.setToken(accessToken);
  let user: UserInfo;
  try {
    user = await getUser();
  } catch (error) {
    session.clear(); // the store's watcher ends supabase-js's copy too (session-sync.ts)
    throw toAppError(error, AUTH_MESSAGES.loginError);
  }
  signedIn(user);
  return user;
}

/**
 * Sign-in by a mailed code, first half: asks the auth service to mail a 6-digit code. It never
 * makes an account (shouldCreateUser false), and answers the same whether the address has one or
 * not — the service does not say, and neither does this.
 */
export async function requestSignInCode(email: string): Promise<void> {
  const auth = await getAuthClient();
  const { error } = await auth.signInWithOtp({ email: email.trim(), options: { shouldCreateUser: false } });
  if (error) throw authFailure(error, AUTH_MESSAGES.loginError);
}

/** Sign-in by a mailed code, second half: the code from the mail opens the session. */
export async function signInWithCode(email: string, code: string): Promise<UserInfo> {
  const auth = await getAuthClient();
  const { data, error } = await auth.verifyOtp({ email: email.trim(), token: code.trim(), type: 'email' });
  if (error) throw authFailure(error, AUTH_MESSAGES.loginError);
  if (!data.session) throw new AppError(AUTH_MESSAGES.loginFailed);
  return adoptHostedSignIn(data.session.access_token);
}

/** The query parameter that marks /auth/callback's return from a single sign-on. */
export const SSO_RETURN = 'sso';

/**
 * Single sign-on, first half: the company's provider for an email's domain (or a bare domain).
 * Answers the provider's sign-in URL for the page to go to; supabase-js keeps the PKCE verifier
 * that completeSsoSignIn needs. The browser comes back to /auth/callback?sso=1&next=<returnPath>.
 */
export async function startSsoSignIn(emailOrDomain: string, returnPath: string): Promise<string> {
  const domain = emailOrDomain.trim().toLowerCase().split('@').pop() ?? '';
  const back = new URL(CALLBACK_PATH, window.location.origin);
  back.searchParams.set(SSO_RETURN, '1');
  back.searchParams.set('next', returnPath);
  const auth = await getAuthClient();
  const { data, error } = await auth.signInWithSSO({
    domain,
    options: { redirectTo: back.toString(), skipBrowserRedirect: true },
  });
  if (error) throw authFailure(error, AUTH_MESSAGES.loginError);
  if (!data?.url) throw new AppError(AUTH_MESSAGES.loginError);
  return data.url;
}

/**
 * Single sign-on, second half, on /auth/callback: GoTrue's error parameters (the provider refused,
 * no account for the address…) are thrown with their code; else the one-time code becomes the
 * session (PKCE, with the verifier kept when it started). Answers where to go next — only a path
 * of this site, never elsewhere.
 */
export async function completeSsoSignIn(search: string): Promise<{ next: string; user: UserInfo }> {
  const params = new URLSearchParams(search);
  const raw = params.get('next') ?? '';
  const next = sitePath(raw) ?? DEFAULT_PATH;
  const failed = params.get('error');
  if (failed) {
    const code = params.get('error_code') ?? failed;
    throw new AppError(params.get('error_description') || AUTH_MESSAGES.loginError, { code });
  }
  const code = params.get('code');
  if (!code) throw new AppError(AUTH_MESSAGES.loginError);
  const auth = await getAuthClient();
  const { data, error } = await auth.exchangeCodeForSession(code);
  if (error) throw authFailure(error, AUTH_MESSAGES.loginError);
  if (!data.session) throw new AppError(AUTH_MESSAGES.loginError);
  return { next, user: await adoptHostedSignIn(data.session.access_token) };
}

/** Third-party sign-in with an ID token; the plain variant does not load the subscription. */
export async function thirdPartyLogin(idToken: string, provider = THIRD_PARTY_PROVIDER): Promise<AuthResult> {
  let data: AuthResult;
  try {
    data = await call('POST', '/api/auth/google-login', { body: { idToken } });
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.providerLoginError(provider));
  }
  if (!data?.token) throw new AppError(AUTH_MESSAGES.providerLoginFailed(provider));
  await storeThirdPartySession(data, AUTH_MESSAGES.providerLoginError(provider));
  return data;
}

/** Third-party sign-in that accepts an invitation; this variant loads the subscription. */
export async function thirdPartyLoginWithInvitation(
  idToken: string,
  invitationId: string,
  provider = THIRD_PARTY_PROVIDER,
): Promise<AuthResult> {
  let data: AuthResult;
  try {
    data = await call('POST', '/api/auth/google-login-with-invitation', { body: { idToken, invitationId } });
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.providerInvitationError(provider));
  }
  if (!data?.token) throw new AppError(AUTH_MESSAGES.providerInvitationFailed(provider));
  await storeThirdPartySession(data, AUTH_MESSAGES.providerInvitationError(provider));
  void loadSubscription();
  return data;
}

/**
 * GET /api/auth/providers: which third-party sign-in the API trusts — Google's client id when it
 * is configured with one, else its embedded OpenID provider. Nothing is assumed when it fails:
 * the caller shows the third-party fallback message.
 */
export async function loadAuthProviders(): Promise<AuthProviders> {
  let data: AuthProviders;
  try {
    data = await call('GET', '/api/auth/providers');
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.providerLoginError(THIRD_PARTY_PROVIDER));
  }
  if (!data || !('google' in data) || !('oidc' in data))
    throw new AppError(AUTH_MESSAGES.providerLoginError(THIRD_PARTY_PROVIDER));
  return { google: data.google ?? null, oidc: data.oidc ?? null };
}

/**
 * Spec §4: a registration that returns a token stores it and loads the subscription. A password
 * registration returns none: it answers `verificationRequired` and the address the link went to,
 * and the account signs in once that link has been opened.
 */
async function startSessionFrom(data: RegistrationResult): Promise<void> {
  if (!data?.token) return;
  await storeSession(data, AUTH_MESSAGES.loginError);
  if (data.user) session.setUser(data.user);
  events.emit('profile-updated');
  await loadSubscription();
}

export async function register(payload: RegisterRequest): Promise<RegistrationResult> {
  const data = await call('POST', '/api/auth/register', { body: payload });
  await startSessionFrom(data);
  return data;
}

/** POST /api/auth/company-with-admin; its errors are passed on untouched (spec §8). */
export async function registerCompanyWithAdmin(
  payload: CompanyWithAdminRequest,
): Promise<RegistrationResult & { companyId?: string }> {
  const data = await call('POST', '/api/auth/company-with-admin', {
    body: { ...payload, withGoogle: payload.withGoogle ?? false },
  });
  await startSessionFrom(data);
  return data;
}

/** Spec §8: an invalid invitation answers valid false with the server's body, or the fallback. */
export async function validateInvitation(invitationId: string): Promise<InvitationCheck> {
  try {
    return await call('GET', '/api/auth/validate-invitation/{invitationId}', { params: { invitationId } });
  } catch (error) {
    const fromServer = serverError(error);
    return { valid: false, message: fromServer?.message ?? AUTH_MESSAGES.invitationValidationFailed };
  }
}

export async function registerWithInvitation(payload: RegisterWithInvitationRequest): Promise<RegistrationResult> {
  const data = await call('POST', '/api/auth/register-with-invitation', { body: payload });
  await startSessionFrom(data);
  return data;
}

export async function forgotPassword(email: string): Promise<string> {
  try {
    const data = await call('POST', '/api/auth/forgot-password', { body: { email } });
    return data?.message ?? '';
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.forgotPasswordFailed);
  }
}

/** The server's code for a reset link that is unknown, used or expired. */
export const RESET_TOKEN_INVALID = 'RESET_TOKEN_INVALID';

/**
 * Spec §8: a reset link the server refuses (unknown, used or expired) shows what the server
 * said about it; the spec's Turkish "reset link invalid or expired" message is the fallback for
 * when it says nothing.
 */
export async function validateResetToken(email: string, token: string): Promise<void> {
  try {
    await call('POST', '/api/auth/validate-reset-token', { body: { email, token } });
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.resetLinkInvalid);
  }
}

/** Spec §5: sends both passwords; whether they match is the server's call. */
export async function resetPassword(payload: ResetPasswordRequest): Promise<string> {
  try {
    const data = await call('POST', '/api/auth/reset-password', { body: payload });
    return data?.message ?? '';
  } catch (error) {
    // The server's message (a link used or expired while the form was open says so), else spec §8's fallback.
    throw toAppError(error, AUTH_MESSAGES.resetPasswordFailed);
  }
}

/** Spec §4: a user update refreshes the cached user and announces it. */
export async function updateUser(update: ProfileUpdate): Promise<UserInfo> {
  let data: UserInfo;
  try {
    data = await call('PUT', '/api/auth/updateuser', { body: update });
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.profileUpdateFailed);
  }
  session.setUser({ ...session.get().user, ...data });
  events.emit('profile-updated');
  return data;
}

/**
 * POST /api/auth/google-nonce: a one-time value for the next Google (or embedded provider)
 * sign-in. It goes into the authorization request; the ID token carries it back and the server
 * accepts it once.
 */
export async function googleNonce(): Promise<string> {
  let data: { nonce?: unknown };
  try {
    data = await call('POST', '/api/auth/google-nonce');
  } catch (error) {
    throw toAppError(error, AUTH_MESSAGES.providerLoginError(THIRD_PARTY_PROVIDER));
  }
  if (typeof data?.nonce !== 'string' || !data.nonce)
    throw new AppError(AUTH_MESSAGES.providerLoginError(THIRD_PARTY_PROVIDER));
  return data.nonce;
}

/**
 * POST /api/auth/connect-google (signed in): links the Google account of the ID token to the
 * signed-in account, the only way a Google identity joins an existing account. The answer is the
 * updated user, cached and announced like a profile update. Errors are passed on.
 */
export async function connectGoogle(idToken: string): Promise<UserInfo> {
  const data = await call('POST', '/api/auth/connect-google', { body: { idToken } });
  session.setUser({ ...session.get().user, ...data });
  events.emit('profile-updated');
  return data;
}

/** The server's code for a sign-in refused until the account's email is verified (spec §3). */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** POST /api/auth/verify-email: the mailed link's token. Answers the server's message; errors are passed on. */
export async function verifyEmail(token: string): Promise<string> {
  const data = await call('POST', '/api/auth/verify-email', { body: { token } });
  return data?.message ?? '';
}

/**
 * POST /api/auth/resend-verification with the `verificationToken` a refused sign-in carried
 * (spec §3). Answers the server's message; errors are passed on.
 */
export async function resendVerification(verificationToken: string): Promise<string> {
  const data = await call('POST', '/api/auth/resend-verification', { body: { verificationToken } });
  return data?.message ?? '';
}

/**
 * Spec §4: logout removes the token, user and subscription entries — at once, so the page reacts
 * without waiting — and ends the session through the auth service (scope global, spec §7).
 */
export function logout(): Promise<void> {
  return signOutEverywhere(() => {
    session.clear();
    events.emit('profile-updated');
  });
}

export { getUser, syncProfile } from './profile';
