import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { events, getAuthClient, useSession } from '@stockwise/shared';

type Auth = Awaited<ReturnType<typeof getAuthClient>>;

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
    let unsubscribe = () => {};
    const ask = async (auth: Auth) => {
      try {
        const { data, error } = await auth.mfa.getAuthenticatorAssuranceLevel();
        if (!current || error || !data) return;
        if (data.currentLevel === 'aal1' && data.nextLevel === 'aal2') setDue('verify');
        else if (data.currentLevel === 'aal2') setDue(null);
      } catch (error) {
        // The API still refuses a session that owes a factor, and its 403 brings the step back.
        console.error('[auth] the assurance level could not be read', error);
      }
    };
    const start = async () => {
      try {
        const auth = await getAuthClient();
        if (!current) return;
        // A sign-in stores its token before supabase-js holds the session (flows.ts), so the
        // first answer may know of no session yet: it is asked again when supabase-js takes one.
        // Outside the callback: supabase-js holds its lock while it runs the listeners.
        const { data } = auth.onAuthStateChange((event) => {
          if (event === 'SIGNED_IN' || event === 'MFA_CHALLENGE_VERIFIED') setTimeout(() => void ask(auth), 0);
        });
        unsubscribe = () => data.subscription.unsubscribe();
        await ask(auth);
      } catch (error) {
        console.error('[auth] the assurance level could not be read', error);
      } finally {
        if (current) setChecked(true);
      }
    };
    void start();
    return () => {
      current = false;
      unsubscribe();
    };
  }, [token]);

  // The factor is proven (or set up, which proves it too): everything the API refused until now
  // answers, so the page reads it again.
  const queryClient = useQueryClient();
  const owed = useRef(due);
  useEffect(() => {
    if (owed.current && !due && token) void queryClient.invalidateQueries();
    owed.current = due;
  }, [due, token, queryClient]);

  useEffect(
    () => events.on('second-factor-due', ({ code }) => setDue(code === 'MFA_REQUIRED' ? 'verify' : 'enrol')),
    [],
  );

  return { due, checking: Boolean(token) && !checked, passed: () => setDue(null) };
}
