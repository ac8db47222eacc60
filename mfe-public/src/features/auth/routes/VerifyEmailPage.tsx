import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { auth, errorMessage, resourceKey, useSession } from '@stockwise/shared';
import { useT } from '../i18n';
import { AuthShell } from '../components/AuthShell';
import { DonePanel } from '../components/DonePanel';

/**
 * The mailed link, /verify-email?token=…: a new account's email, or a changed one. The token is
 * sent once; the page shows what the server said, then the way on (sign in, or back to the
 * profile for a signed-in user whose email just changed).
 */
export function VerifyEmailPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSession((s) => Boolean(s.token));
  const verification = useQuery({
    queryKey: resourceKey('auth', 'verify-email', token),
    enabled: Boolean(token),
    // One use: never sent again on a re-render, a remount or a refocus.
    queryFn: () => auth.verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const verified = verification.isSuccess;

  // A changed email: the top bar and the profile show the new address.
  useEffect(() => {
    if (verified && signedIn) void auth.syncProfile();
  }, [verified, signedIn]);

  const onward = signedIn
    ? { action: t('auth.verify.toProfile'), to: '/profile' }
    : { action: t('auth.verify.signIn'), to: '/login' };

  if (!token) {
    return (
      <AuthShell title={t('auth.verify.title')}>
        <Alert severity="warning">{t('auth.verify.missing')}</Alert>
        <Button component={RouterLink} to={onward.to} variant="outlined" sx={{ mt: 2 }}>
          {onward.action}
        </Button>
      </AuthShell>
    );
  }
  if (verification.isPending) {
    return (
      <AuthShell title={t('auth.verify.checking')}>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label={t('auth.verify.checking')} />
        </Box>
      </AuthShell>
    );
  }
  if (verification.isError) {
    return (
      <AuthShell title={t('auth.verify.failedTitle')}>
        <Alert severity="error" role="alert">
          {errorMessage(verification.error, t('auth.verify.failed'))}
        </Alert>
        <Button component={RouterLink} to={onward.to} variant="outlined" sx={{ mt: 2 }}>
          {onward.action}
        </Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('auth.verify.title')}>
      <DonePanel
        title={t('auth.verify.done')}
        message={verification.data || t('auth.verify.doneFallback')}
        action={onward.action}
        to={onward.to}
      />
    </AuthShell>
  );
}
