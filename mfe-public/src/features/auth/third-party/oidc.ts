import { readClaims } from '@stockwise/shared';

// Third-party sign-in, browser side. With GOOGLE_CLIENT_ID configured the API verifies Google's
// ID tokens; otherwise it runs an embedded OpenID Connect provider at /oidc. Either way the
// browser ends up with an ID token and posts it to the API (spec §7). Which of the two is
// GET /api/auth/providers' answer (auth.loadAuthProviders in @stockwise/shared).
//
// The embedded provider is driven with the authorization-code flow and PKCE (RFC 7636):
// the verifier never leaves this tab's sessionStorage, the state ties the answer to the request.

export const CALLBACK_PATH = '/auth/callback';
const PENDING_KEY = 'stockwise.oidc.pending';

/** What the sign-in was for: plain sign-in, accepting an invitation, or registering a company. */
export type SignInIntent = { kind: 'login' } | { kind: 'invitation'; invitationId: string } | { kind: 'register' };

interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  tokenEndpoint: string;
  clientId: string;
  redirectUri: string;
  intent: SignInIntent;
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

/** Sends the browser to the provider's sign-in page; it comes back to /auth/callback. */
export async function startOidcSignIn(provider: { issuer: string; clientId: string }, intent: SignInIntent) {
  const metadata = await discover(provider.issuer);
  const pending: Pending = {
    state: randomToken(),
    nonce: randomToken(),
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
  window.location.assign(url.toString());
}

export class CallbackError extends Error {}

/** Reads /auth/callback's query, redeems the code and returns the ID token and the intent. */
export async function completeOidcSignIn(search: string): Promise<{ idToken: string; intent: SignInIntent }> {
  const params = new URLSearchParams(search);
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const error = params.get('error');
  if (error) throw new CallbackError(params.get('error_description') || error);
  const pending = raw ? (JSON.parse(raw) as Pending) : null;
  const code = params.get('code');
  if (!pending || !code || params.get('state') !== pending.state) throw new CallbackError('state');

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
  if (!response.ok || !body.id_token) throw new CallbackError(body.error_description || 'No ID token was issued.');
  if (readClaims(body.id_token)?.nonce !== pending.nonce) throw new CallbackError('state');
  return { idToken: body.id_token, intent: pending.intent };
}

/** The claims the registration form pre-fills from (the API verifies the token itself). */
export function identityFrom(idToken: string): { email: string; firstName: string; lastName: string } {
  const claims = readClaims(idToken) ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { email: text(claims.email), firstName: text(claims.given_name), lastName: text(claims.family_name) };
}
