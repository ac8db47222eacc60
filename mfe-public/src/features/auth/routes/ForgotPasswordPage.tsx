import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { auth, useEnvironment } from '@stockwise/shared';
import { useT } from '../i18n';
import { AuthShell } from '../components/AuthShell';
import { DonePanel } from '../components/DonePanel';
import { useEmailForm } from '../hooks/useEmailForm';

export function ForgotPasswordPage() {
  const { t } = useT();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // In production without a mail server, no reset link can reach anyone: say so instead of asking.
  const mailOff = useEnvironment().data?.mail === false;
  const { field, handleSubmit, isSubmitting } = useEmailForm();

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      setSent((await auth.forgotPassword(email)) || t('auth.forgot.sent'));
    } catch (e) {
      // Spec §8: the server's message, or the Turkish fallback.
      setError((e as Error).message);
    }
  });

  return (
    <AuthShell title={t('auth.forgot.title')} subtitle={sent || mailOff ? undefined : t('auth.forgot.subtitle')}>
      {mailOff ? (
        <Stack spacing={2}>
          <Alert severity="warning" role="alert">
            {t('auth.forgot.unavailable')}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('auth.forgot.back')}
          </Button>
        </Stack>
      ) : sent ? (
        <DonePanel title={t('auth.forgot.sent')} message={sent} action={t('auth.forgot.back')} to="/login" />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <TextField
              label={t('auth.forgot.email')}
              type="email"
              autoComplete="email"
              autoFocus
              fullWidth
              {...field('email')}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {t('auth.forgot.submit')}
            </Button>
            <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
              {t('auth.forgot.back')}
            </Link>
          </Stack>
        </Box>
      )}
    </AuthShell>
  );
}
