import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import GoogleIcon from '@mui/icons-material/Google';
import { Alert, Button, CircularProgress, Divider, Link } from '@mui/material';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { beginOidcSignIn, GoogleIdentityButton, useAuthProviders } from '@stockwise/shared';
import { useT } from '../i18n';
import {
  ACCOUNT_NOT_FOUND,
  failureOf,
  useThirdPartyFinish,
  type SignInIntent,
  type ThirdPartyFailure,
} from '../hooks/useThirdPartyFinish';

/** A failed third-party sign-in: the server's message; an unknown Google account may register a company. */
function FailureAlert({ failure, intent }: { failure: ThirdPartyFailure; intent: SignInIntent }) {
  const { t } = useT();
  return (
    <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
      {failure.message}
      {failure.code === ACCOUNT_NOT_FOUND && intent.kind === 'login' ? (
        <>
          {' '}
          <Link component={RouterLink} to="/register" color="inherit" sx={{ fontWeight: 600 }}>
            {t('auth.google.notFoundAction')}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}

/**
 * "Continue with Google", after an "or" divider: Google's own button when the API trusts a
 * Google client id; the embedded OpenID provider, labelled plainly as a development stand-in,
 * when it runs one; nothing at all when third-party sign-in is off on this server.
 * `failure` is what a flow that came back to this page went wrong with.
 */
export function ThirdPartyButton({
  intent,
  label,
  failure,
}: {
  intent: SignInIntent;
  label?: string;
  failure?: ThirdPartyFailure | undefined;
}) {
  const { t } = useT();
  const [error, setError] = useState<ThirdPartyFailure | null>(failure ?? null);
  const [starting, setStarting] = useState(false);
  const finish = useThirdPartyFinish();
  const providers = useAuthProviders();
  const report = useCallback((e: unknown) => setError(failureOf(e, intent)), [intent]);
  const oidc = providers.data?.oidc;
  const start = useCallback(
    (provider: NonNullable<typeof oidc>) => {
      setStarting(true);
      setError(null);
      beginOidcSignIn(provider, intent).catch((e: unknown) => {
        setStarting(false);
        report(e);
      });
    },
    [intent, report],
  );
  // A press before the server's answer names the provider (on the prerendered page, the press
  // that booted the app, replayed once it is up) waits for that answer and starts the sign-in.
  const startWhenKnown = async () => {
    setStarting(true);
    const answer = await providers.refetch({ cancelRefetch: false });
    if (answer.data?.oidc) start(answer.data.oidc);
    else setStarting(false);
  };
  const onCredential = useCallback(
    async (idToken: string) => {
      setError(null);
      await finish(idToken, intent);
    },
    [finish, intent],
  );

  // Third-party sign-in is off on this server: no button and no divider.
  if (providers.data && !providers.data.google && !providers.data.oidc) return null;
  const shown = error ?? (providers.isError ? failureOf(providers.error, intent) : null);

  return (
    <>
      <Divider>{t('auth.or')}</Divider>
      {providers.data?.google ? (
        <GoogleIdentityButton clientId={providers.data.google.clientId} onCredential={onCredential} onError={report} />
      ) : (
        <Button
          fullWidth
          variant="outlined"
          size="large"
          color="inherit"
          disabled={providers.isError || starting}
          startIcon={starting ? <CircularProgress size={18} /> : oidc ? <ConstructionOutlined /> : <GoogleIcon />}
          onClick={() => (oidc ? start(oidc) : void startWhenKnown())}
        >
          {/* The embedded provider is a stand-in: the button says so, never "Google". */}
          {oidc ? t('auth.google.development') : (label ?? t('auth.google.button'))}
        </Button>
      )}
      {shown ? <FailureAlert failure={shown} intent={intent} /> : null}
    </>
  );
}
