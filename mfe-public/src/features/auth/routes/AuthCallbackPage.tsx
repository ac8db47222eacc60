import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AUTH_MESSAGES, errorMessage, THIRD_PARTY_PROVIDER, useTranslation } from '@stockwise/shared';
import { NS } from '@/i18n';
import { AuthShell } from '../components/AuthShell';
import { useThirdPartyFinish } from '../hooks/useThirdPartyFinish';
import { CallbackError, completeOidcSignIn } from '../third-party/oidc';

/** Where the identity provider sends the browser back: redeem the code, then finish the sign-in. */
export function AuthCallbackPage() {
  const { t } = useTranslation(NS);
  const { search } = useLocation();
  const finish = useThirdPartyFinish();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code is single-use: redeem it once even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    let intentKind: string = 'login';
    completeOidcSignIn(search)
      .then(({ idToken, intent }) => {
        intentKind = intent.kind;
        return finish(idToken, intent);
      })
      .catch((e: unknown) => {
        if (e instanceof CallbackError) {
          setError(e.message === 'state' ? t('auth.callback.stateMismatch') : e.message);
          return;
        }
        const fallback =
          intentKind === 'invitation'
            ? AUTH_MESSAGES.providerInvitationError(THIRD_PARTY_PROVIDER)
            : AUTH_MESSAGES.providerLoginError(THIRD_PARTY_PROVIDER);
        setError(errorMessage(e, fallback));
      });
  }, [search, finish, t]);

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
