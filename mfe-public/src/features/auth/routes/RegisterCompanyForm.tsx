import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Grid, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  auth,
  errorMessage,
  fieldBinder,
  identityFrom,
  notify,
  USER_NAME_PATTERN,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@stockwise/shared';
import { useT } from '../i18n';
import { AuthShell } from '../components/AuthShell';
import { CheckEmailPanel } from '../components/CheckEmailPanel';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { ThirdPartyButton } from '../components/ThirdPartyButton';
import { useReturnPath, type ThirdPartyFailure } from '../hooks/useThirdPartyFinish';

/**
 * Registration of a company with its admin (spec §3 payload); with Google when an ID token came
 * back. A password registration is done when the mailed link is opened: the form gives way to a
 * "check your email" panel with the server's message.
 */
export function RegisterCompanyForm({
  googleIdToken,
  failure,
}: {
  googleIdToken?: string;
  failure?: ThirdPartyFailure | undefined;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [checkEmail, setCheckEmail] = useState<{ message?: string; email: string } | null>(null);
  const withGoogle = Boolean(googleIdToken);
  const identity = googleIdToken ? identityFrom(googleIdToken) : null;
  const required = t('auth.validation.required');

  const schema = z
    .object({
      companyName: z.string().trim().min(1, required).max(200),
      industry: z.string().trim().max(100),
      phone: z.string().trim().max(40),
      firstName: z.string().trim().min(1, required).max(100),
      lastName: z.string().trim().min(1, required).max(100),
      userName: z.string().trim().regex(USER_NAME_PATTERN, t('auth.validation.userName')),
      email: z.string().trim().regex(EMAIL_PATTERN, t('auth.validation.email')),
      password: withGoogle
        ? z.string()
        : z.string().min(PASSWORD_MIN_LENGTH, t('auth.validation.passwordLength')).max(PASSWORD_MAX_LENGTH),
      confirmPassword: z.string(),
    })
    .refine((v) => withGoogle || v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: t('auth.validation.passwordsMatch'),
    });
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      companyName: '',
      industry: '',
      phone: '',
      firstName: identity?.firstName ?? '',
      lastName: identity?.lastName ?? '',
      userName: identity?.email ? (identity.email.split('@')[0] ?? '') : '',
      email: identity?.email ?? '',
      password: '',
      confirmPassword: '',
    },
  });
  const bind = fieldBinder(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await auth.registerCompanyWithAdmin({
        companyName: values.companyName,
        userName: values.userName,
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        industry: values.industry,
        withGoogle,
        ...(withGoogle ? { idToken: googleIdToken } : { password: values.password }),
      });
      if (result.token) {
        notify(result.message || t('auth.register.success'), 'success');
        navigate(returnPath, { replace: true });
      } else if (result.verificationRequired) {
        setCheckEmail({ email: result.email || values.email, ...(result.message ? { message: result.message } : {}) });
      } else {
        setInfo(result.message || t('auth.register.googleSignInAfter'));
      }
    } catch (e) {
      setError(errorMessage(e, t('auth.register.failed')));
    }
  });

  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} fullWidth {...extra} {...bind(name)} />
  );

  if (checkEmail) {
    return (
      <AuthShell title={t('auth.register.title')}>
        <CheckEmailPanel {...checkEmail} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} maxWidth="sm">
      {/* The page works before the app boots: the boot script (scripts/lib/documents.mjs) holds a
          press of the submit button and replays it once React owns the form. Without JavaScript,
          a native submission is a POST, which puts no password in the address. */}
      <Box component="form" method="post" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {withGoogle ? (
            <Alert severity="info" role="status">
              <strong>{t('auth.register.withGoogleTitle')}</strong> —{' '}
              {t('auth.register.withGoogleBody', { email: identity?.email })}
            </Alert>
          ) : null}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          {info ? (
            <Alert severity="success" role="status">
              {info}
            </Alert>
          ) : null}
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('auth.register.company')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={12}>
              {field('companyName', t('auth.register.companyName'), { autoComplete: 'organization', autoFocus: true })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('industry', t('auth.register.industry'))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('phone', t('auth.register.phone'), { autoComplete: 'tel', type: 'tel' })}
            </Grid>
          </Grid>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('auth.register.admin')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('firstName', t('auth.register.firstName'), { autoComplete: 'given-name' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('lastName', t('auth.register.lastName'), { autoComplete: 'family-name' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('userName', t('auth.register.userName'), { autoComplete: 'username' })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('email', t('auth.register.email'), {
                autoComplete: 'email',
                type: 'email',
                slotProps: { htmlInput: { readOnly: withGoogle } },
              })}
            </Grid>
            {withGoogle ? null : (
              <NewPasswordFields password={bind('password')} confirmPassword={bind('confirmPassword')} />
            )}
          </Grid>
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting || Boolean(info)}>
            {withGoogle ? t('auth.google.notFoundAction') : t('auth.register.submit')}
          </Button>
          {withGoogle ? null : <ThirdPartyButton intent={{ kind: 'register' }} failure={failure} />}
          <Typography variant="body2" align="center" color="text.secondary">
            {t('auth.register.haveAccount')}{' '}
            <Link component={RouterLink} to="/login">
              {t('auth.register.signIn')}
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthShell>
  );
}
