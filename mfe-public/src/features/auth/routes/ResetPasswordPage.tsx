import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { auth, fieldBinder, resourceKey } from '@stockwise/shared';
import { useT } from '../i18n';
import { AuthShell } from '../components/AuthShell';
import { DonePanel } from '../components/DonePanel';
import { PasswordField } from '../components/PasswordField';

/** The mailed link: /reset-password?email=…&token=…; the link is checked before the form shows. */
export function ResetPasswordPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useQuery({
    queryKey: resourceKey('auth', 'validate-reset-token', email, token),
    enabled: Boolean(email && token),
    retry: false,
    queryFn: async () => {
      await auth.validateResetToken(email, token);
      return true;
    },
  });
  // Spec §5: both passwords are sent; whether they match is the server's decision.
  const schema = z.object({
    newPassword: z.string().min(1, t('auth.validation.required')),
    confirmPassword: z.string().min(1, t('auth.validation.required')),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const field = fieldBinder(register, errors);

  const requestNew = (
    <Button component={RouterLink} to="/forgot-password" variant="outlined" sx={{ mt: 2 }}>
      {t('auth.reset.requestNew')}
    </Button>
  );
  if (!email || !token) {
    return (
      <AuthShell title={t('auth.reset.title')}>
        <Alert severity="warning">{t('auth.reset.missing')}</Alert>
        {requestNew}
      </AuthShell>
    );
  }
  if (check.isPending) {
    return (
      <AuthShell title={t('auth.reset.checking')}>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label={t('auth.reset.checking')} />
        </Box>
      </AuthShell>
    );
  }
  if (check.isError) {
    return (
      <AuthShell title={t('auth.reset.title')}>
        <Alert severity="error" role="alert">
          {check.error.message}
        </Alert>
        {requestNew}
      </AuthShell>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      setDone((await auth.resetPassword({ email, token, ...values })) || t('auth.reset.done'));
    } catch (e) {
      setError((e as Error).message);
    }
  });

  return (
    <AuthShell title={t('auth.reset.title')} subtitle={email}>
      {done ? (
        <DonePanel title={t('auth.reset.done')} message={done} action={t('auth.reset.signIn')} to="/login" />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <PasswordField
              label={t('auth.reset.newPassword')}
              autoComplete="new-password"
              autoFocus
              fullWidth
              {...field('newPassword')}
            />
            <PasswordField
              label={t('auth.reset.confirmPassword')}
              autoComplete="new-password"
              fullWidth
              {...field('confirmPassword')}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </Box>
      )}
    </AuthShell>
  );
}
