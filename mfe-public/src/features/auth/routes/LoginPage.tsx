import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { auth, AUTH_MESSAGES, errorMessage, fieldBinder, useTranslation } from '@stockwise/shared';
import { NS } from '@/i18n';
import { AuthShell } from '../components/AuthShell';
import { PasswordField } from '../components/PasswordField';
import { ThirdPartyButton } from '../components/ThirdPartyButton';
import { useReturnPath } from '../hooks/useThirdPartyFinish';

export function LoginPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [error, setError] = useState<string | null>(null);
  const schema = z.object({
    userName: z.string().trim().min(1, t('auth.validation.required')),
    password: z.string().min(1, t('auth.validation.required')),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { userName: '', password: '' } });
  const field = fieldBinder(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await auth.login(values);
      navigate(returnPath, { replace: true });
    } catch (e) {
      setError(errorMessage(e, AUTH_MESSAGES.loginError));
    }
  });

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextField label={t('auth.userName')} autoComplete="username" autoFocus fullWidth {...field('userName')} />
          <PasswordField label={t('auth.password')} autoComplete="current-password" fullWidth {...field('password')} />
          <Box sx={{ textAlign: 'right', mt: -0.5 }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              {t('auth.login.forgot')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
            {t('auth.login.submit')}
          </Button>
          <Divider>{t('auth.or')}</Divider>
          <ThirdPartyButton intent={{ kind: 'login' }} />
          <Typography variant="body2" align="center" color="text.secondary">
            {t('auth.login.noAccount')}{' '}
            <Link component={RouterLink} to="/register">
              {t('auth.login.register')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  );
}
