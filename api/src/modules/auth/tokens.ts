import { SignJWT, jwtVerify, errors } from 'jose';
import { unauthorized } from '../../lib/errors.js';

/** The long standard role claim name of spec §3 (ASP.NET Identity's); a list of role names. */
export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
export const COMPANY_CLAIM = 'company_id';
const ISSUER = 'stockwise-api';
const AUDIENCE = 'stockwise';
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
      });
      const companyId = payload[COMPANY_CLAIM];
      const roles = payload[ROLE_CLAIM];
      const userName = payload.unique_name;
      if (typeof payload.sub !== 'string' || typeof companyId !== 'string' || typeof userName !== 'string') {
        throw unauthorized('The token is not valid.', 'INVALID_TOKEN');
      }
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!uuid.test(payload.sub) || !uuid.test(companyId))
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
}
