import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldBinder, TOTP_CODE_PATTERN } from '@stockwise/shared';
import { useT } from '@/i18n';
import { StepFrame } from './StepFrame';
import { authErrorCode, NoFactorError, RECOVERY_CODE, verifySecondFactor } from './verify';

type Mode = 'app' | 'recovery';

/**
 * The second sign-in step: a code from the user's authenticator app, or one of their recovery
 * codes. A right one raises the session to aal2 (useSecondFactorDue then reads the page's
 * queries again).
 */
export function SecondFactorStep({ onVerified, onSignOut }: { onVerified: () => void; onSignOut: () => void }) {
  const { t } = useT();
  const [mode, setMode] = useState<Mode>('app');
  const schema = z.object({
    code:
      mode === 'app'
        ? z.string().trim().regex(TOTP_CODE_PATTERN, t('secondFactor.codeFormat'))
        : z.string().trim().regex(RECOVERY_CODE, t('secondFactor.recoveryFormat')),
  });
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const field = fieldBinder(register, errors);
  const verify = useMutation({
    mutationFn: ({ code }: Values) => verifySecondFactor(code.trim()),
    onSuccess: onVerified,
  });
  const switchMode = () => {
    setMode(mode === 'app' ? 'recovery' : 'app');
    reset();
    verify.reset();
  };

  const failure = (error: unknown) => {
    if (error instanceof NoFactorError) return t('secondFactor.noFactor');
    if (authErrorCode(error) === 'mfa_verification_failed')
      return mode === 'app' ? t('secondFactor.wrongCode') : t('secondFactor.wrongRecoveryCode');
    return t('secondFactor.failed');
  };

  return (
    <StepFrame title={t('secondFactor.title')}>
      <Typography color="text.secondary">
        {mode === 'app' ? t('secondFactor.appHint') : t('secondFactor.recoveryHint')}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={handleSubmit((values) => verify.mutate(values))}
        aria-label={t('secondFactor.title')}
      >
        {verify.isError ? (
          <Alert severity="error" role="alert">
            {failure(verify.error)}
          </Alert>
        ) : null}
        {mode === 'app' ? (
          <TextField
            key="app"
            label={t('secondFactor.code')}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            {...field('code')}
          />
        ) : (
          <TextField
            key="recovery"
            label={t('secondFactor.recoveryCode')}
            autoComplete="off"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 11, autoCapitalize: 'none', spellCheck: false } }}
            {...field('code')}
          />
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={verify.isPending}>
          {verify.isPending ? t('secondFactor.verifying') : t('secondFactor.verify')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={switchMode} disabled={verify.isPending}>
          {mode === 'app' ? t('secondFactor.useRecovery') : t('secondFactor.useApp')}
        </Button>
        <Button color="inherit" onClick={onSignOut}>
          {t('secondFactor.signOut')}
        </Button>
      </Stack>
    </StepFrame>
  );
}
