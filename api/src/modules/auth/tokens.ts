import { SignJWT, jwtVerify, errors } from 'jose';
import { unauthorized } from '../../lib/errors.js';

/** The long standard role claim name of spec §3 (ASP.NET Identity's); a list of role names. */
export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
export const COMPANY_CLAIM = 'company_id';
const ISSUER = 'stockwise-api';
const AUDIENCE = 'stockwise';

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

/** Who is calling, from a verified token. */
export interface Principal {
  userId: string;
  companyId: string;
  userName: string;
  roles: string[];
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(p: Principal): Promise<string> {
    return new SignJWT({ [COMPANY_CLAIM]: p.companyId, unique_name: p.userName, [ROLE_CLAIM]: p.roles })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(p.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Missing, expired, forged or malformed → 401. */
  async verify(token: string): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
        // A token that never expires is not a session token, whoever signed it.
        requiredClaims: ['exp', 'sub'],
      });
      const companyId = payload[COMPANY_CLAIM];
      const roles = payload[ROLE_CLAIM];
      const userName = payload.unique_name;
      if (typeof payload.sub !== 'string' || typeof companyId !== 'string' || typeof userName !== 'string') {
        throw unauthorized('The token is not valid.', 'INVALID_TOKEN');
      }
      if (!UUID.test(payload.sub) || !UUID.test(companyId))
        throw unauthorized('The token is not valid.', 'INVALID_TOKEN');
      return {
        userId: payload.sub,
        companyId,
        userName,
        roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
      };
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
