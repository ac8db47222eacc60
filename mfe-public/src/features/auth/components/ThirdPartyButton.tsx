import GoogleIcon from '@mui/icons-material/Google';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { auth, errorMessage, THIRD_PARTY_PROVIDER, AUTH_MESSAGES, useTranslation } from '@stockwise/shared';
import { NS } from '@/i18n';
import { useThirdPartyFinish } from '../hooks/useThirdPartyFinish';
import { loadGoogleIdentity } from '../third-party/google-identity';
import { startOidcSignIn, type SignInIntent } from '../third-party/oidc';

function fallbackFor(intent: SignInIntent) {
  return intent.kind === 'invitation'
    ? AUTH_MESSAGES.providerInvitationError(THIRD_PARTY_PROVIDER)
    : AUTH_MESSAGES.providerLoginError(THIRD_PARTY_PROVIDER);
}

/** Google's own button (GIS), when the API is configured with a Google client id. */
function GoogleIdentityButton({
  clientId,
  intent,
  onError,
}: {
  clientId: string;
  intent: SignInIntent;
  onError: (m: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const finish = useThirdPartyFinish();
  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !ref.current) return;
        google.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            if (!credential) return onError(AUTH_MESSAGES.providerLoginFailed(THIRD_PARTY_PROVIDER));
            finish(credential, intent).catch((error: unknown) => onError(errorMessage(error, fallbackFor(intent))));
          },
        });
        google.renderButton(ref.current, { theme: 'outline', size: 'large', width: 320, text: 'continue_with' });
      })
      .catch(() => onError(fallbackFor(intent)));
    return () => {
      cancelled = true;
    };
  }, [clientId, intent, finish, onError]);
  return <Box ref={ref} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />;
}

/**
 * "Continue with Google": Google's button when GOOGLE_CLIENT_ID is configured, the embedded
 * OpenID Connect provider otherwise (issue 4, point 3).
 */
export function ThirdPartyButton({ intent, label }: { intent: SignInIntent; label?: string }) {
  const { t } = useTranslation(NS);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  // GET /api/auth/providers says which of the two the API trusts; nothing is assumed.
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: auth.loadAuthProviders,
    staleTime: Infinity,
    retry: 1,
    retryDelay: 500,
  });
  const shown = error ?? (providers.isError ? errorMessage(providers.error, fallbackFor(intent)) : null);

  if (providers.data?.google) {
    return (
      <>
        <GoogleIdentityButton clientId={providers.data.google.clientId} intent={intent} onError={setError} />
        {error ? (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        ) : null}
      </>
    );
  }
  const oidc = providers.data?.oidc;
  return (
    <>
      <Button
        fullWidth
        variant="outlined"
        size="large"
        color="inherit"
        disabled={!oidc || starting}
        startIcon={starting ? <CircularProgress size={18} /> : <GoogleIcon />}
        onClick={() => {
          if (!oidc) return;
          setStarting(true);
          setError(null);
          startOidcSignIn(oidc, intent).catch(() => {
            setStarting(false);
            setError(fallbackFor(intent));
          });
        }}
      >
        {label ?? t('auth.google.button')}
      </Button>
      {shown ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {shown}
        </Alert>
      ) : null}
    </>
  );
}
