import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { auth, AUTH_MESSAGES, fieldBinder, useAuthProviders } from '@stockwise/shared';
import { useHydrated } from '@/hooks/useHydrated';
import { useT } from '../i18n';
import { useAuthFailure } from '../hooks/useAuthFailure';
import { useReturnPath } from '../hooks/useThirdPartyFinish';

/** A work email, or the bare domain after its @ (the domain is what names the company's provider). */
const EMAIL_OR_DOMAIN = /^(?:[^\s@]+@)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Leaves for the provider's sign-in page (a full page load: the provider is another site). */
function go(url: string) {
  window.location.assign(url);
}

/**
 * Sign-in with the company's own identity provider, found by the email's domain. The browser
 * comes back through /auth/callback (AuthCallbackPage), which ends the sign-in. In development a
 * company may have registered the embedded test provider as its own: the page says so before
 * sending anyone there, since it is not a real company sign-in.
 */
export function SsoSignIn({ failure }: { failure?: string | undefined }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const returnPath = useReturnPath();
  const describe = useAuthFailure();
  const standInIssuer = useAuthProviders().data?.oidc?.issuer;
  const [error, setError] = useState<string | null>(failure ?? null);
  const [standInUrl, setStandInUrl] = useState<string | null>(null);
  const schema = z.object({
    emailOrDomain: z.string().trim().regex(EMAIL_OR_DOMAIN, t('auth.loginOptions.ssoFormat')),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { emailOrDomain: '' } });
  const field = fieldBinder(register, errors);

  const onSubmit = handleSubmit(async ({ emailOrDomain }) => {
    setError(null);
    setStandInUrl(null);
    try {
      const url = await auth.startSsoSignIn(emailOrDomain, returnPath);
      if (standInIssuer && url.startsWith(`${standInIssuer}/`)) setStandInUrl(url);
      else go(url);
    } catch (e) {
      setError(describe(e, AUTH_MESSAGES.loginError));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={t('auth.loginOptions.ssoTitle')}>
      <Typography color="text.secondary">{t('auth.loginOptions.ssoHint')}</Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={t('auth.loginOptions.ssoField')}
        autoComplete="email"
        autoFocus
        fullWidth
        {...field('emailOrDomain')}
      />
      {standInUrl ? (
        <Alert
          severity="warning"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => go(standInUrl)} sx={{ whiteSpace: 'nowrap' }}>
              {t('auth.loginOptions.ssoGoOn')}
            </Button>
          }
        >
          {t('auth.loginOptions.ssoStandIn')}
        </Alert>
      ) : (
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting || !hydrated}>
          {t('auth.loginOptions.ssoContinue')}
        </Button>
      )}
    </Stack>
  );
}
