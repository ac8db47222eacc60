import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { unauthorized } from '../../lib/errors.js';
import { COMPANY_CLAIM, ROLE_CLAIM } from '../../vocabulary.js';

// The claim names live in the vocabulary leaf; re-exported for the callers that import them from here.
export { COMPANY_CLAIM, ROLE_CLAIM };
const ISSUER = 'stockwise-api';
/** GoTrue's audience and role for a signed-in user's access token (what supabase-js and PostgREST expect). */
export const AUDIENCE = 'authenticated';
const AUTHENTICATED_ROLE = 'authenticated';

/**
 * Narrow tokens for one purpose each, never accepted as a session (their audience differs):
 * resending a verification mail after a correct password, and showing profile pictures as <img>.
 */
export type Purpose = 'verification-resend' | 'profile-pictures';
const PURPOSE_AUDIENCE: Record<Purpose, string> = {
  'verification-resend': 'stockwise:verification-resend',
  'profile-pictures': 'stockwise:profile-pictures',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALGORITHMS = ['HS256'];
/** How many verified session tokens a process remembers (a few hundred bytes each). */
const VERIFIED_TOKENS = 10_000;

/** Who is calling, from a verified token. */
export interface Principal {
  userId: string;
  companyId: string;
  userName: string;
  roles: string[];
  /** The session (auth_sessions row) the token belongs to: the request is refused once it has ended. */
  sessionId: string;
}

/** GoTrue's authenticator assurance level and authentication method of a session. */
export type Aal = 'aal1' | 'aal2';
export type AuthMethod = 'password' | 'oauth' | 'otp';
/** The second factor a session reached aal2 with (GoTrue's amr methods; the recovery code is ours). */
export type SecondFactorMethod = 'totp' | 'mfa/phone' | 'mfa/recovery_code';

/** What a session's access token says beyond the principal (GoTrue's claims). */
export interface SessionClaims extends Principal {
  email: string;
  aal: Aal;
  amr: AuthMethod;
  /** When the session was signed in to (seconds), GoTrue's amr timestamp. */
  signedInAt: number;
  /** The second factor verified in this session, and when (seconds); absent below aal2. */
  mfa?: { method: SecondFactorMethod; at: number } | null;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * A session's access token for `seconds` (default: the spec's sign-in lifetime): GoTrue's claims
   * (sub, aud, role, session_id, aal, amr, email) and ours (company, roles, user name).
   */
  sign(p: SessionClaims, seconds = this.ttlSeconds): Promise<string> {
    return new SignJWT({
      [COMPANY_CLAIM]: p.companyId,
      unique_name: p.userName,
      [ROLE_CLAIM]: p.roles,
      role: AUTHENTICATED_ROLE,
      session_id: p.sessionId,
      aal: p.aal,
      // GoTrue lists the newest method first.
      amr: [
        ...(p.mfa ? [{ method: p.mfa.method, timestamp: p.mfa.at }] : []),
        { method: p.amr, timestamp: p.signedInAt },
      ],
      email: p.email,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(p.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  /**
   * The refresh token of an auth_refresh_tokens row: an HMAC of its random id under the server's
   * key (domain-separated from JWT signing). Unguessable without the key, and the same every time,
   * so the active token can be answered again without being stored (only its hash is).
   */
  refreshToken(rowId: string): string {
    return createHmac('sha256', this.key).update(`stockwise refresh token\0${rowId}`).digest('base64url');
  }

  /**
   * A keyed digest of a short secret (a recovery code, a phone code) for storage: an HMAC under
   * the server's key, so a copy of the database alone cannot test guesses against it.
   */
  digest(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(`stockwise ${purpose}\0${value}`).digest('base64url');
  }

  /**
   * A secret sealed for storage (a TOTP key, a company's SSO client secret): AES-256-GCM under a key derived from the server's
   * key, bound to `context` (the row's id) so a sealed value cannot be moved to another row.
   */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealingKey(), iv).setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain text of a sealed secret; throws when it was not sealed under this key and context. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.sealingKey(), Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(context))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  private sealingKey(): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), 'stockwise sealed secrets v1', 32));
  }

  /**
   * Session tokens this process has verified, until they expire: a client sends the same token with
   * every request for minutes, and checking its signature again (a key import and an HMAC on the
   * crypto thread pool each time) was a measurable part of a small read. Only the signature and the
   * claims are remembered — whether the session is still live is read from the database on every
   * request, so a signed-out or revoked session is refused on its next call as before.
   */
  private readonly verified = new Map<string, { principal: Principal; exp: number }>();

  /** Missing, expired, forged or malformed → 401. */
  async verify(token: string): Promise<Principal> {
    const known = this.verified.get(token);
    if (known && known.exp > Date.now() / 1000) return { ...known.principal, roles: [...known.principal.roles] };
    if (known) this.verified.delete(token);
    return this.verifySignature(token);
  }

  private async verifySignature(token: string): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token that never expires, or names no session, is not a session token, whoever signed it.
        requiredClaims: ['exp', 'sub', 'session_id'],
      });
      const companyId = payload[COMPANY_CLAIM];
      const roles = payload[ROLE_CLAIM];
      const userName = payload.unique_name;
      const sessionId = payload.session_id;
      if (
        typeof payload.sub !== 'string' ||
        typeof companyId !== 'string' ||
        typeof userName !== 'string' ||
        typeof sessionId !== 'string'
      ) {
        throw unauthorized('The token is not valid.', 'INVALID_TOKEN');
      }
      if (!UUID.test(payload.sub) || !UUID.test(companyId) || !UUID.test(sessionId))
        throw unauthorized('The token is not valid.', 'INVALID_TOKEN');
      const principal: Principal = {
        userId: payload.sub,
        companyId,
        userName,
        roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
        sessionId,
      };
      // Bounded: when full, the oldest entry goes (a Map iterates in insertion order).
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { principal, exp: payload.exp! });
      return { ...principal, roles: [...principal.roles] };
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw unauthorized('Your session has expired. Please sign in again.', 'TOKEN_EXPIRED');
      if (error instanceof Error && 'statusCode' in error) throw error;
      throw unauthorized('The token is not valid.', 'INVALID_TOKEN');
    }
  }

  /** A token for one purpose (see Purpose), naming a user of a company, for `seconds`. */
  signPurpose(purpose: Purpose, p: { userId: string; companyId: string }, seconds: number): Promise<string> {
    return new SignJWT({ [COMPANY_CLAIM]: p.companyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(p.userId)
      .setIssuer(ISSUER)
      .setAudience(PURPOSE_AUDIENCE[purpose])
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  /**
   * A profile-pictures token for a user, reused while more than half of its lifetime is left:
   * getuser hands the picture cookie out on every call, and signing a new one each time was the
   * largest CPU cost of a getuser. The token grants what a fresh one would (that user's company's
   * pictures, until it expires); its remaining lifetime is answered for the cookie's Max-Age.
   */
  async pictureToken(p: { userId: string; companyId: string }): Promise<{ token: string; seconds: number }> {
    const key = `${p.companyId}/${p.userId}`;
    const now = Date.now() / 1000;
    const known = this.pictureTokens.get(key);
    if (known && known.exp - now > this.ttlSeconds / 2)
      return { token: known.token, seconds: Math.floor(known.exp - now) };
    const token = await this.signPurpose('profile-pictures', p, this.ttlSeconds);
    this.pictureTokens.delete(key);
    if (this.pictureTokens.size >= VERIFIED_TOKENS) this.pictureTokens.delete(this.pictureTokens.keys().next().value!);
    // The token's own exp (whole seconds, from its iat), so the cookie never outlives it.
    this.pictureTokens.set(key, { token, exp: Math.floor(now) + this.ttlSeconds });
    return { token, seconds: this.ttlSeconds };
  }

  private readonly pictureTokens = new Map<string, { token: string; exp: number }>();

  /** The user and company a purpose token names, or null when it is not one (forged, expired, other purpose). */
  async verifyPurpose(purpose: Purpose, token: string): Promise<{ userId: string; companyId: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: PURPOSE_AUDIENCE[purpose],
        requiredClaims: ['exp', 'sub'],
      });
      const companyId = payload[COMPANY_CLAIM];
      if (typeof companyId !== 'string' || !UUID.test(companyId) || !UUID.test(payload.sub ?? '')) return null;
      return { userId: payload.sub!, companyId };
    } catch {
      return null;
    }
  }
}
