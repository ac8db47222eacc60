import { readClaims } from './claims';
import { STORAGE_KEYS } from './storage-keys';

/** The long standard role claim name of spec §3 (the one ASP.NET Identity issues). */
export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';

/** The six built-in roles of spec §6, by their exact names. */
export const ROLES = {
  admin: 'Admin',
  companyOwner: 'Company Owner',
  storekeeper: 'Storekeeper',
  newItemOperator: 'New Item Operator',
  rapidSeller: 'Rapid Seller',
  accountManager: 'Account Manager',
} as const;
export type BuiltInRole = (typeof ROLES)[keyof typeof ROLES];

/** Where a token may carry its roles (the inline check of a prerendered `/` reads the same names). */
export const ROLE_CLAIM_NAMES = [ROLE_CLAIM, 'role', 'Role'] as const;

/** Every role the token carries, from any of the three claim names, single value or list. */
export function rolesOf(token: string | null | undefined): string[] {
  const claims = readClaims(token);
  if (!claims) return [];
  const roles: string[] = [];
  for (const name of ROLE_CLAIM_NAMES) {
    const value = claims[name];
    if (typeof value === 'string') roles.push(value);
    else if (Array.isArray(value)) roles.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return roles;
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS.token) ?? null;
  } catch {
    return null;
  }
}

/**
 * Spec §6: decodes the stored token and looks for the wanted role by exact name.
 * False with no token or when the token cannot be parsed. This only decides what the
 * interface shows; the API enforces roles on its own.
 */
export function hasRole(role: string, token: string | null | undefined = storedToken()): boolean {
  return rolesOf(token).includes(role);
}

/** The token's `exp` in epoch seconds, or null when absent or unparseable. */
export function tokenExpiry(token: string | null | undefined): number | null {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}
