import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Grid, Link, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  auth,
  EMAIL_PATTERN,
  errorMessage,
  fieldBinder,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  resourceKey,
  USER_NAME_PATTERN,
} from '@stockwise/shared';
import { useT } from '../i18n';
import { AuthShell } from '../components/AuthShell';
import { CheckEmailPanel } from '../components/CheckEmailPanel';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { ThirdPartyButton } from '../components/ThirdPartyButton';
import { useReturnPath, type ThirdPartyFailure } from '../hooks/useThirdPartyFinish';

/**
 * Registration by invitation: the invitation is validated first; an invalid one shows the
 * server's message. The invitee types the address the invitation was sent to — the look-up does
 * not give it out, so a forwarded link alone cannot take the seat. A password account is ready
 * once its mailed link is opened.
 */
export function InvitationRegistration({
  invitationId,
  failure,
}: {
  invitationId: string;
  failure?: ThirdPartyFailure | undefined;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [error, setError] = useState<string | null>(null);
  const [checkEmail, setCheckEmail] = useState<{ message?: string; email: string } | null>(null);
  const check = useQuery({
    queryKey: resourceKey('auth', 'validate-invitation', invitationId),
    queryFn: () => auth.validateInvitation(invitationId),
    retry: false,
  });
  const required = t('auth.validation.required');
  const schema = z
    .object({
      firstName: z.string().trim().min(1, required).max(100),
      lastName: z.string().trim().min(1, required).max(100),
      userName: z.string().trim().regex(USER_NAME_PATTERN, t('auth.validation.userName')),
      email: z.string().trim().regex(EMAIL_PATTERN, t('auth.validation.email')),
      password: z.string().min(PASSWORD_MIN_LENGTH, t('auth.validation.passwordLength')).max(PASSWORD_MAX_LENGTH),
      confirmPassword: z.string(),
    })
    .refine((v) => v.password === v.confirmPassword, {
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
    defaultValues: { firstName: '', lastName: '', userName: '', email: '', password: '', confirmPassword: '' },
  });
  const field = fieldBinder(register, errors);

  // Registered: the invitation is used up now, so this panel comes before any fresh check of it.
  if (checkEmail) {
    return (
      <AuthShell title={t('auth.invitation.title', { company: check.data?.companyName ?? '' })}>
        <CheckEmailPanel {...checkEmail} />
      </AuthShell>
    );
  }
  if (check.isPending) {
    return (
      <AuthShell title={t('auth.invitation.checking')}>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label={t('auth.invitation.checking')} />
        </Box>
      </AuthShell>
    );
  }
  const invitation = check.data;
  if (!invitation?.valid) {
    return (
      <AuthShell title={t('auth.invitation.invalidTitle')}>
        <Alert severity="error" role="alert">
          {invitation?.message}
        </Alert>
        <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
          {t('auth.register.signIn')}
        </Button>
      </AuthShell>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await auth.registerWithInvitation({
        invitationId,
        firstName: values.firstName,
        lastName: values.lastName,
        userName: values.userName,
        email: values.email,
        password: values.password,
      });
      if (result.token) navigate(returnPath, { replace: true });
      else
        setCheckEmail({
          email: result.email || values.email,
          ...(result.message ? { message: result.message } : {}),
        });
    } catch (e) {
      setError(errorMessage(e, t('auth.invitation.failed')));
    }
  });

  return (
    <AuthShell
      maxWidth="sm"
      title={t('auth.invitation.title', { company: invitation.companyName ?? '' })}
      subtitle={t('auth.invitation.subtitle', { roles: (invitation.roles ?? []).join(', ') })}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <Alert severity="info">{invitation.message}</Alert>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <Grid container spacing={2}>
            <Grid size={12}>
              <TextField
                label={t('auth.register.email')}
                type="email"
                autoComplete="email"
                fullWidth
                autoFocus
                {...field('email')}
                helperText={errors.email?.message ?? t('auth.invitation.emailHelp')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('auth.register.firstName')}
                autoComplete="given-name"
                fullWidth
                {...field('firstName')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('auth.register.lastName')}
                autoComplete="family-name"
                fullWidth
                {...field('lastName')}
              />
            </Grid>
            <Grid size={12}>
              <TextField label={t('auth.register.userName')} autoComplete="username" fullWidth {...field('userName')} />
            </Grid>
            <NewPasswordFields password={field('password')} confirmPassword={field('confirmPassword')} />
          </Grid>
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {t('auth.invitation.submit')}
          </Button>
          <ThirdPartyButton
            intent={{ kind: 'invitation', invitationId }}
            label={t('auth.invitation.withGoogle')}
            failure={failure}
          />
          <Box sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/login" variant="body2">
              {t('auth.register.haveAccount')} {t('auth.register.signIn')}
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthShell>
  );
}
