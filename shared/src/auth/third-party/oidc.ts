import { readClaims } from '../claims';

// Third-party sign-in, browser side. With GOOGLE_CLIENT_ID configured the API verifies Google's
// ID tokens; in development it runs an embedded OpenID Connect provider at /oidc instead (a
// stand-in, labelled as such on screen). Either way the browser ends up with an ID token and
// posts it to the API (spec §7). Which of the two is GET /api/auth/providers' answer.
//
// The embedded provider is driven with the authorization-code flow and PKCE (RFC 7636): the
// verifier never leaves this tab's sessionStorage, the state ties the answer to the request, and
// the nonce — issued by the API (POST /api/auth/google-nonce) and accepted by it once — ties the
// ID token to this sign-in.

export const CALLBACK_PATH = '/auth/callback';
const PENDING_KEY = 'stockwise.oidc.pending';

/**
 * What the third-party sign-in was started for: signing in, accepting an invitation,
 * registering a company, or connecting Google to the signed-in account (from /profile). The
 * provider always comes back to /auth/callback; the intent says where the flow finishes.
 */
export type ThirdPartyIntent =
  { kind: 'login' } | { kind: 'invitation'; invitationId: string } | { kind: 'register' } | { kind: 'connect' };

/**
 * What /auth/callback hands /profile (as router state) when a Connect Google flow comes back
 * from the embedded provider: the ID token to post to connect-google, or why there is none.
 */
export interface ConnectGoogleReturn {
  connectGoogle: { idToken: string } | { error: string };
}

interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  tokenEndpoint: string;
  clientId: string;
  redirectUri: string;
  intent: ThirdPartyIntent;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

async function discover(issuer: string): Promise<{ authorization_endpoint: string; token_endpoint: string }> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`The sign-in provider answered ${response.status}`);
  return response.json();
}

/**
 * Sends the browser to the provider's sign-in page with the API's one-time `nonce`; it comes
 * back to /auth/callback.
 */
export async function startOidcSignIn(
  provider: { issuer: string; clientId: string },
  intent: ThirdPartyIntent,
  nonce: string,
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  const metadata = await discover(provider.issuer);
  const pending: Pending = {
    state: randomToken(),
    nonce,
    verifier: randomToken(48),
    tokenEndpoint: metadata.token_endpoint,
    clientId: provider.clientId,
    redirectUri: `${window.location.origin}${CALLBACK_PATH}`,
    intent,
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: pending.clientId,
    redirect_uri: pending.redirectUri,
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await codeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    prompt: 'login',
  }).toString();
  navigate(url.toString());
}

/** The provider's answer cannot be used; `intent` is what the sign-in was for, when known. */
export class CallbackError extends Error {
  constructor(
    message: string,
    readonly intent: ThirdPartyIntent | null = null,
  ) {
    super(message);
    this.name = 'CallbackError';
  }
}

function readPending(raw: string | null): Pending | null {
  try {
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
}

/** Reads /auth/callback's query, redeems the code and returns the ID token and the intent. */
export async function completeOidcSignIn(search: string): Promise<{ idToken: string; intent: ThirdPartyIntent }> {
  const params = new URLSearchParams(search);
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = readPending(raw);
  const intent = pending?.intent ?? null;
  const error = params.get('error');
  if (error) throw new CallbackError(params.get('error_description') || error, intent);
  const code = params.get('code');
  if (!pending || !code || params.get('state') !== pending.state) throw new CallbackError('state', intent);

  const response = await fetch(pending.tokenEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      client_id: pending.clientId,
      code_verifier: pending.verifier,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { id_token?: string; error_description?: string };
  if (!response.ok || !body.id_token)
    throw new CallbackError(body.error_description || 'No ID token was issued.', intent);
  if (readClaims(body.id_token)?.nonce !== pending.nonce) throw new CallbackError('state', intent);
  return { idToken: body.id_token, intent: pending.intent };
}

/** The claims the registration form pre-fills from (the API verifies the token itself). */
export function identityFrom(idToken: string): { email: string; firstName: string; lastName: string } {
  const claims = readClaims(idToken) ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { email: text(claims.email), firstName: text(claims.given_name), lastName: text(claims.family_name) };
}
