import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

/** What a verified Google (or local stand-in) ID token says about its holder. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  /** The nonce the sign-in was started with (checked and consumed by the auth module). */
  nonce: string | null;
}

export interface IdTokenVerifier {
  readonly mode: 'google' | 'local' | 'sso';
  readonly issuer: string;
  readonly clientId: string;
  verify(idToken: string): Promise<VerifiedIdentity>;
}

/**
 * One verification for every provider: RS256 only, issuer, audience, expiry, verified email. A
 * company's own provider (sso) may leave email_verified out (Microsoft Entra ID does): the company
 * vouches for the addresses of its own domain; an explicit false is still refused.
 */
export function jwksVerifier(
  mode: 'google' | 'local' | 'sso',
  keys: JWTVerifyGetKey,
  issuers: string[],
  clientId: string,
): IdTokenVerifier {
  return {
    mode,
    issuer: issuers[0]!,
    clientId,
    async verify(idToken) {
      const { payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer: issuers,
        audience: clientId,
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string')
        throw new Error('ID token without sub or email');
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      const unsaid = payload.email_verified === undefined && mode === 'sso';
      if (!verified && !unsaid) throw new Error('email not verified');
      return {
        subject: payload.sub,
        email: payload.email,
        givenName: typeof payload.given_name === 'string' ? payload.given_name : null,
        familyName: typeof payload.family_name === 'string' ? payload.family_name : null,
        nonce: typeof payload.nonce === 'string' ? payload.nonce : null,
      };
    },
  };
}

export function googleVerifier(clientId: string): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs'));
  return jwksVerifier('google', keys, ['https://accounts.google.com', 'accounts.google.com'], clientId);
}

export function localVerifier(provider: {
  issuer: string;
  clientId: string;
  publicJwks: JSONWebKeySet;
}): IdTokenVerifier {
  return jwksVerifier('local', createLocalJWKSet(provider.publicJwks), [provider.issuer], provider.clientId);
}

/** A company's own OpenID Connect provider (single sign-on): its keys from its discovery's jwks_uri. */
export function ssoVerifier(issuer: string, jwksUri: string, clientId: string): IdTokenVerifier {
  return jwksVerifier('sso', createRemoteJWKSet(new URL(jwksUri)), [issuer], clientId);
}
