import type { CachedUser } from '@stockwise/shared';

/** The name the top bar shows: first and last name, else the user name, else the fallback word. */
export function displayNameOf(user: CachedUser | null, fallback: string): string {
  const full = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return full || user?.userName?.trim() || fallback;
}

/** The company name the sidebar shows, with the product name as fallback (spec §2). */
export function companyNameOf(user: CachedUser | null, fromApi: string | undefined, fallback: string): string {
  return fromApi?.trim() || user?.CompanyName?.trim() || user?.companyName?.trim() || fallback;
}
