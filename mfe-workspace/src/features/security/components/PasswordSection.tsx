import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldBinder, getAuthClient, notify, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@stockwise/shared';
import { useT } from '../i18n';
import { authErrorCode, unwrap } from '../lib/auth-errors';
import { SESSIONS_KEY } from '../lib/sessions';
import { SectionCard } from './SectionCard';

type Proof = 'password' | 'code';

/**
 * Change the password while signed in, proven by the current password or, for an account with
 * none (signed up with Google) or a forgotten one, by a code mailed by reauthenticate(). The auth
 * service ends every other session of the user; this one stays.
 */
export function PasswordSection() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [proof, setProof] = useState<Proof>('password');

  const schema = z
    .object({
      current: z.string(),
      password: z
        .string()
        .min(PASSWORD_MIN_LENGTH, t('security.password.tooShort', { min: PASSWORD_MIN_LENGTH }))
        .max(PASSWORD_MAX_LENGTH, t('security.password.tooLong', { max: PASSWORD_MAX_LENGTH })),
      confirm: z.string(),
    })
    .superRefine((values, context) => {
      if (!values.current.trim())
        context.addIssue({ code: 'custom', path: ['current'], message: t('security.password.required') });
      if (values.confirm !== values.password)
        context.addIssue({ code: 'custom', path: ['confirm'], message: t('security.password.mismatch') });
      if (proof === 'password' && values.current && values.current === values.password)
        context.addIssue({ code: 'custom', path: ['password'], message: t('security.password.same') });
    });
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { current: '', password: '', confirm: '' } });
  const field = fieldBinder(register, errors);

  const sendCode = useMutation({ mutationFn: async () => unwrap((await getAuthClient()).reauthenticate()) });
  const change = useMutation({
    mutationFn: async (values: Values) =>
      unwrap(
        (await getAuthClient()).updateUser(
          proof === 'password'
            ? { password: values.password, current_password: values.current }
            : { password: values.password, nonce: values.current.trim() },
        ),
      ),
    onSuccess: () => {
      reset();
      notify(t('security.password.changed'), 'success');
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => {
      const code = authErrorCode(error);
      if (code === 'current_password_invalid' || code === 'current_password_required')
        setError('current', { type: 'server', message: t('security.password.wrongCurrent') });
      else if (code === 'reauthentication_not_valid' || code === 'reauthentication_needed')
        setError('current', { type: 'server', message: t('security.password.badCode') });
      else if (code === 'same_password') setError('password', { type: 'server', message: t('security.password.same') });
      else if (code === 'weak_password') setError('password', { type: 'server', message: t('security.password.weak') });
    },
  });
  // An error shown on a field is not repeated above the form.
  const fieldCodes = [
    'current_password_invalid',
    'current_password_required',
    'reauthentication_not_valid',
    'reauthentication_needed',
    'same_password',
    'weak_password',
  ];
  const formError = change.isError && !fieldCodes.includes(authErrorCode(change.error) ?? '');

  const switchProof = (next: Proof) => {
    setProof(next);
    // The proof changes (a password, or the mailed code): what was typed for the other goes.
    resetField('current');
    sendCode.reset();
    change.reset();
    if (next === 'code') sendCode.mutate();
  };

  return (
    <SectionCard id="password" title={t('security.password.title')} hint={t('security.password.hint')}>
      <Box component="form" noValidate onSubmit={handleSubmit((values) => change.mutate(values))}>
        <Stack spacing={2} sx={{ maxWidth: { md: 480 } }}>
          {formError ? (
            <Alert severity="error" role="alert">
              {t('security.password.failed')}
            </Alert>
          ) : null}
          {proof === 'code' && sendCode.isSuccess ? (
            <Alert severity="info" role="status">
              {t('security.password.codeSent')}
            </Alert>
          ) : null}
          {proof === 'code' && sendCode.isError ? (
            <Alert severity="error" role="alert">
              {t('security.password.sendFailed')}
            </Alert>
          ) : null}
          {proof === 'password' ? (
            <TextField
              key="current"
              label={t('security.password.current')}
              type="password"
              autoComplete="current-password"
              fullWidth
              {...field('current')}
            />
          ) : (
            <TextField
              key="code"
              label={t('security.password.code')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              fullWidth
              {...field('current')}
            />
          )}
          <TextField
            label={t('security.password.new')}
            type="password"
            autoComplete="new-password"
            fullWidth
            {...field('password')}
          />
          <TextField
            label={t('security.password.confirm')}
            type="password"
            autoComplete="new-password"
            fullWidth
            {...field('confirm')}
          />
          <Box>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => switchProof(proof === 'password' ? 'code' : 'password')}
            >
              {proof === 'password' ? t('security.password.useCode') : t('security.password.usePassword')}
            </Link>
          </Box>
          <Box>
            <Button type="submit" variant="contained" loading={change.isPending}>
              {change.isPending ? t('security.password.saving') : t('security.password.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
