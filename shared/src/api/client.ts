import axios, { AxiosError, AxiosHeaders, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { session } from '../auth/session-store';
import { events, type SecondFactorCode } from '../events/bus';

/**
 * Sign-in calls: a 401 from them is a refused sign-in (wrong password, a Google account that
 * cannot be used, an expired link), never the session ending, and the screen that made the call
 * shows the server's message (spec §§5 and 8).
 */
export const SIGN_IN_CALLS = [
  '/api/auth/login',
  '/api/auth/google-login',
  '/api/auth/google-login-with-invitation',
  '/api/auth/google-nonce',
  '/api/auth/company-with-admin',
  '/api/auth/register',
  '/api/auth/register-with-invitation',
  '/api/auth/forgot-password',
  '/api/auth/validate-reset-token',
  '/api/auth/reset-password',
  '/api/auth/verify-email',
  '/api/auth/resend-verification',
];

/**
 * Calls that never carry the bearer: they answer anyone the same. The page's auth client reads
 * /api/environment before it can give a token, so that call waiting for a token would wait for itself.
 */
export const PUBLIC_CALLS = ['/api/environment'];

export type SessionLostHandler = () => void;

let onSessionLost: SessionLostHandler = () => {
  window.location.assign('/');
};

/** The shell may take over navigation (a router push instead of a full load). */
export function setSessionLostHandler(handler: SessionLostHandler): void {
  onSessionLost = handler;
}

/** The session is over (spec §8): the browser leaves for /. */
export function sessionLost(): void {
  onSessionLost();
}

/** Where a call's bearer token comes from. */
export type AccessTokenSource = () => Promise<string | null> | string | null;

// The stored token, until the page's auth client takes over (auth/hosted-client.ts): then a token
// about to expire is refreshed before the call goes, even in a tab whose refresh timer was stopped
// while hidden.
let accessToken: AccessTokenSource = () => session.get().token;

export function setAccessTokenSource(source: AccessTokenSource): void {
  accessToken = source;
}

function isOneOf(config: InternalAxiosRequestConfig | undefined, calls: string[]): boolean {
  const path = (config?.url ?? '').split(/[?#]/)[0] ?? '';
  return calls.some((call) => path === call || path.endsWith(call));
}

const isSignInCall = (config: InternalAxiosRequestConfig | undefined) => isOneOf(config, SIGN_IN_CALLS);

function carriedBearer(config: InternalAxiosRequestConfig | undefined): boolean {
  const value = AxiosHeaders.from(config?.headers ?? {}).get('Authorization');
  return typeof value === 'string' && /^Bearer\s+\S/.test(value);
}

/**
 * The 401 rule (spec §8): the session is over when a call made with the stored token answers
 * 401. An answer to a call that carried no token (a visitor's sign-in, a public page) says
 * nothing about a session, so it is passed on to the screen like any other error.
 */
function endsTheSession(error: unknown): boolean {
  if (!(error instanceof AxiosError) || error.response?.status !== 401) return false;
  return carriedBearer(error.config) && !isSignInCall(error.config);
}

const SECOND_FACTOR_CODES: readonly string[] = ['MFA_REQUIRED', 'MFA_ENROLLMENT_REQUIRED'] satisfies SecondFactorCode[];

/** The code of a 403 that refuses the session until it proves (or sets up) a second factor. */
function secondFactorDue(error: unknown): SecondFactorCode | null {
  if (!(error instanceof AxiosError) || error.response?.status !== 403) return null;
  const code = (error.response.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && SECOND_FACTOR_CODES.includes(code) ? (code as SecondFactorCode) : null;
}

export function createApiClient(baseURL: string): AxiosInstance {
  const client = axios.create({ baseURL, headers: { 'Content-Type': 'application/json' } });

  client.interceptors.request.use(async (config) => {
    if (isOneOf(config, PUBLIC_CALLS)) return config;
    const token = await accessToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (endsTheSession(error)) {
      // The auth client sees the entries go and drops its own copy of the session (session-sync.ts).
      session.clearCredentials();
      sessionLost();
    }
    // Whichever screen made the call, the shell answers with the second sign-in step.
    const due = secondFactorDue(error);
    if (due) events.emit('second-factor-due', { code: due });
    return Promise.reject(error);
  });

  return client;
}

/** The page's one API client: same origin unless the build names another API. */
export const api = createApiClient(process.env.STOCKWISE_API_URL ?? '');
