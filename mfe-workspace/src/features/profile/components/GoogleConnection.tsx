import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  auth,
  beginOidcSignIn,
  errorMessage,
  GoogleIdentityButton,
  notify,
  useAuthProviders,
  type ConnectGoogleReturn,
  type UserInfo,
} from '@stockwise/shared';
import { useT } from '@/i18n';
import { PROFILE_KEY } from '@/lib/profile-key';

/**
 * "Connect Google": the only way a Google identity joins an existing account — from inside it,
 * signed in. Google's own button when the API trusts a Google client id; the embedded provider
 * (a development stand-in, labelled so) otherwise, whose flow comes back through /auth/callback
 * to this page with the ID token in the router state and finishes here.
 */
export function GoogleConnection({ connected }: { connected: boolean }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const providers = useAuthProviders();
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const connect = useMutation({
    mutationFn: auth.connectGoogle,
    onSuccess: (user) => {
      queryClient.setQueryData<UserInfo>(PROFILE_KEY, (old) => ({ ...old, ...user }));
      notify(t('profile.google.connected'), 'success');
    },
  });

  // Back from the embedded provider: post the ID token once, and drop it from the history entry.
  const handed = (state as Partial<ConnectGoogleReturn> | null)?.connectGoogle;
  const posted = useRef<unknown>(null);
  const { mutate } = connect;
  useEffect(() => {
    if (!handed || !('idToken' in handed) || posted.current === handed) return;
    posted.current = handed;
    navigate(pathname, { replace: true, state: null });
    mutate(handed.idToken);
  }, [handed, mutate, navigate, pathname]);

  const providersOff = providers.data && !providers.data.google && !providers.data.oidc;
  if (!connected && providersOff) return null;

  const failed = t('profile.google.failed');
  const shownError = connect.isError
    ? errorMessage(connect.error, failed)
    : (startError ?? (handed && 'error' in handed ? handed.error : null));
  const busy = starting || connect.isPending;
  const oidc = providers.data?.oidc;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 2, mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('profile.google.title')}
      </Typography>
      {connected ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
          <Chip icon={<CheckCircleOutline />} color="success" label={t('profile.google.connected')} />
          <Typography variant="body2" color="text.secondary">
            {t('profile.google.connectedHint')}
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('profile.google.hint')}
          </Typography>
          {shownError ? (
            <Alert severity="error" role="alert">
              {shownError}
            </Alert>
          ) : null}
          <Box>
            {providers.data?.google ? (
              <GoogleIdentityButton
                clientId={providers.data.google.clientId}
                text="signin_with"
                onCredential={async (idToken) => {
                  setStartError(null);
                  connect.mutate(idToken);
                }}
                onError={(e) => setStartError(errorMessage(e, failed))}
              />
            ) : (
              <Button
                variant="outlined"
                color="inherit"
                disabled={!oidc || busy}
                startIcon={busy ? <CircularProgress size={18} /> : <ConstructionOutlined />}
                onClick={() => {
                  if (!oidc) return;
                  setStarting(true);
                  setStartError(null);
                  beginOidcSignIn(oidc, { kind: 'connect' }).catch((e: unknown) => {
                    setStarting(false);
                    setStartError(errorMessage(e, failed));
                  });
                }}
              >
                {connect.isPending
                  ? t('profile.google.connecting')
                  : oidc
                    ? t('profile.google.connectDevelopment')
                    : t('profile.google.connect')}
              </Button>
            )}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
