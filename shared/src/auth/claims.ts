import { decodeJwt } from 'jose';

/** A token's claims without verifying it (the API verifies); null when it cannot be read. */
export function readClaims(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  try {
    return decodeJwt(token);
  } catch {
    return null;
  }
}
