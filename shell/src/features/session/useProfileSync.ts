import { useEffect } from 'react';
import { auth, useSession } from '@stockwise/shared';

/** Spec §9: profile sync runs this long after the shell loads. */
export const PROFILE_SYNC_DELAY_MS = 500;

/**
 * Spec §4: about 500 ms after the shell loads (and after each sign-in), the cached user is
 * refreshed from the API; skipped when signed out, and the cache is kept when the call fails.
 */
export function useProfileSync(delayMs = PROFILE_SYNC_DELAY_MS): void {
  const signedIn = useSession((s) => Boolean(s.token));
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => void auth.syncProfile(), delayMs);
    return () => clearTimeout(timer);
  }, [signedIn, delayMs]);
}
