import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  auth,
  AUTH_MESSAGES,
  CallbackError,
  completeOidcSignIn,
  DEFAULT_PATH,
  session,
  type ConnectGoogleReturn,
  type ThirdPartyIntent,
} from '@stockwise/shared';
import { useT } from '../i18n';
import { AuthShell } from '../components/AuthShell';
import { useAuthFailure } from '../hooks/useAuthFailure';
import {
  failureOf,
  originOf,
  useThirdPartyFinish,
  type ThirdPartyFailure,
  type ThirdPartyReturnState,
} from '../hooks/useThirdPartyFinish';
import type { SsoReturnState } from './LoginPage';

/**
 * Where the embedded identity provider sends the browser back: redeem the code, then finish
 * what the flow was started for (sign in, accept an invitation, register, or connect Google on
 * /profile). A failure is shown on the page the flow started from, never here.
 */
export function AuthCallbackPage() {
  const { t } = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  const finish = useThirdPartyFinish();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const describe = useAuthFailure();

  useEffect(() => {
    // The code is single-use: redeem it once even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    // Back from the company's single sign-on (the auth service's PKCE code, not our own OpenID
    // flow's): supabase-js redeems it; a refusal is shown on the login page's single sign-on form.
    if (new URLSearchParams(search).has(auth.SSO_RETURN)) {
      auth
        .completeSsoSignIn(search)
        .then(({ next }) => navigate(next, { replace: true }))
        .catch((e: unknown) => {
          const state: SsoReturnState = { ssoFailure: describe(e, AUTH_MESSAGES.loginError) };
          navigate('/login', { replace: true, state });
        });
      return;
    }
    let intent: ThirdPartyIntent | null = null;

    const showWhereItStarted = (failure: ThirdPartyFailure) => {
      if (!intent) return setError(failure.message);
      const state: ThirdPartyReturnState | ConnectGoogleReturn =
        intent.kind === 'connect' ? { connectGoogle: { error: failure.message } } : { thirdPartyFailure: failure };
      navigate(originOf(intent), { replace: true, state });
    };

    completeOidcSignIn(search)
      .then((done) => {
        intent = done.intent;
        // Signed in already (another tab): a sign-in has nothing left to do here.
        if (intent.kind !== 'connect' && session.isAuthenticated()) {
          navigate(DEFAULT_PATH, { replace: true });
          return;
        }
        return finish(done.idToken, done.intent);
      })
      .catch((e: unknown) => {
        if (e instanceof CallbackError) {
          intent = e.intent;
          return showWhereItStarted({ message: e.message === 'state' ? t('auth.callback.stateMismatch') : e.message });
        }
        showWhereItStarted(failureOf(e, intent ?? { kind: 'login' }));
      });
  }, [search, finish, navigate, t, describe]);

  return (
    <AuthShell title={error ? t('auth.callback.failed') : t('auth.callback.title')}>
      {error ? (
        <>
          <Alert severity="error" role="alert">
            {error}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 2 }}>
            {t('auth.callback.retry')}
          </Button>
        </>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label={t('auth.callback.title')} />
        </Box>
      )}
    </AuthShell>
  );
}
