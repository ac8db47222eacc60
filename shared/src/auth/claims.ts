import { jwtDecode } from 'jwt-decode';

/**
 * A token's claims without verifying it (the API verifies, with jose); null when it cannot be
 * read. The browser only decodes, so it carries jwt-decode (under 1 KB) rather than jose.
 */
export function readClaims(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<unknown>(token);
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
