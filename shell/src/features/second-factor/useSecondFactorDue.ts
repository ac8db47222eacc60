import { useEffect, useState } from 'react';
import { events, getAuthClient, useSession } from '@stockwise/shared';

/** What the session owes: its second factor ('verify'), a factor set up first ('enrol'), nothing (null). */
export type SecondFactorDue = 'verify' | 'enrol' | null;

/**
 * Whether the signed-in session must pass the second sign-in step. Asked of supabase-js when the
 * token changes (aal1 with a verified factor → 'verify'; aal2 → nothing owed), and told by the API
 * client when a call is refused with MFA_REQUIRED or MFA_ENROLLMENT_REQUIRED. `checking` holds the
 * workspace back until the first answer for a session, so it never shows, refused, for a moment.
 */
export function useSecondFactorDue() {
  const token = useSession((s) => s.token);
  const [due, setDue] = useState<SecondFactorDue>(null);
  const [checked, setChecked] = useState(false);
  // A sign-out forgets what the session owed: the next one is asked afresh.
  const [seenToken, setSeenToken] = useState(token);
  if (token !== seenToken) {
    setSeenToken(token);
    if (!token) {
      setDue(null);
      setChecked(false);
    }
  }

  useEffect(() => {
    if (!token) return;
    let current = true;
    const ask = async () => {
      try {
        const { data, error } = await (await getAuthClient()).mfa.getAuthenticatorAssuranceLevel();
        if (!current || error || !data) return;
        if (data.currentLevel === 'aal1' && data.nextLevel === 'aal2') setDue('verify');
        else if (data.currentLevel === 'aal2') setDue(null);
      } catch (error) {
        // The API still refuses a session that owes a factor, and its 403 brings the step back.
        console.error('[auth] the assurance level could not be read', error);
      } finally {
        if (current) setChecked(true);
      }
    };
    void ask();
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(
    () => events.on('second-factor-due', ({ code }) => setDue(code === 'MFA_REQUIRED' ? 'verify' : 'enrol')),
    [],
  );

  return { due, checking: Boolean(token) && !checked, passed: () => setDue(null) };
}
