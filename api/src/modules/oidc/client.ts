import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

// This API as an OpenID Connect client (authorization code + PKCE, RFC 7636) of Google, the
// development stand-in, or a company's own provider: discovery, the authorization URL and the code
// exchange. The ID token it gets back is checked by the one verifier (verify.ts), never here.

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export class ProviderUnreachable extends Error {}

const TIMEOUT_MS = 10_000;
const CACHE_MS = 10 * 60_000;
const cache = new Map<string, { at: number; discovery: Discovery }>();

/**
 * A host on the public internet by its name: not an address, not localhost, not a single label
 * (a name only an internal resolver knows). What a company names for the server to fetch must be
 * one: a company must not make the server call into its own network.
 */
export function isPublicHostName(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !isIP(host) && host !== 'localhost' && !host.endsWith('.localhost') && host.includes('.');
}

const isHttpUrl = (value: unknown, https: boolean): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || (!https && u.protocol === 'http:');
  } catch {
    return false;
  }
};

/**
 * The provider's metadata from {issuer}/.well-known/openid-configuration (OpenID Connect
 * Discovery 1.0 §4), kept ten minutes. Its issuer must be the one asked for (§4.3); its endpoints
 * must be https when the issuer is.
 */
export async function discover(issuer: string): Promise<Discovery> {
  const cached = cache.get(issuer);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.discovery;
  let body: Record<string, unknown>;
  try {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!res.ok) throw new ProviderUnreachable(`discovery answered ${res.status}`);
    body = (await res.json()) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ProviderUnreachable) throw error;
    throw new ProviderUnreachable(`discovery failed: ${(error as Error).message}`);
  }
  const https = issuer.startsWith('https:');
  if (body.issuer !== issuer) throw new ProviderUnreachable('discovery names another issuer');
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const)
    if (!isHttpUrl(body[field], https)) throw new ProviderUnreachable(`discovery without a valid ${field}`);
  // The server itself fetches these two: an issuer on a public host may not send it into a private
  // one through its discovery document (the issuer alone was checked when it was registered).
  if (isPublicHostName(new URL(issuer)))
    for (const field of ['token_endpoint', 'jwks_uri'] as const)
      if (!isPublicHostName(new URL(body[field] as string)))
        throw new ProviderUnreachable(`discovery names a ${field} that is not a public host`);
  const discovery = body as unknown as Discovery;
  cache.set(issuer, { at: Date.now(), discovery });
  return discovery;
}

export interface ClientCredentials {
  clientId: string;
  /** null: a public client (the development stand-in), PKCE alone binds the code. */
  clientSecret: string | null;
}

/** Where the browser goes to sign in: code flow, our own PKCE challenge, state and nonce. */
export function authorizationUrl(
  discovery: Discovery,
  client: ClientCredentials,
  flow: { redirectUri: string; state: string; nonce: string; verifier: string },
): string {
  const url = new URL(discovery.authorization_endpoint);
  const params = {
    client_id: client.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: flow.redirectUri,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: createHash('sha256').update(flow.verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/** The provider's ID token for a code (RFC 6749 §4.1.3, with the PKCE verifier). */
export async function exchangeCode(
  discovery: Discovery,
  client: ClientCredentials,
  grant: { code: string; redirectUri: string; verifier: string },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.verifier,
    client_id: client.clientId,
  });
  // client_secret_post: what Google, Entra ID and Okta all accept.
  if (client.clientSecret) form.set('client_secret', client.clientSecret);
  let body: Record<string, unknown>;
  try {
    const res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      redirect: 'error',
    });
    body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new ProviderUnreachable(`token endpoint answered ${res.status} ${String(body.error ?? '')}`);
  } catch (error) {
    if (error instanceof ProviderUnreachable) throw error;
    throw new ProviderUnreachable(`token endpoint failed: ${(error as Error).message}`);
  }
  if (typeof body.id_token !== 'string') throw new ProviderUnreachable('token endpoint gave no id_token');
  return body.id_token;
}
