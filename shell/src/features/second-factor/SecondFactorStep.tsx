import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldBinder, TOTP_CODE_PATTERN } from '@stockwise/shared';
import { useT } from '@/i18n';
import { StepFrame } from './StepFrame';
import { usePhoneChallenge } from './usePhoneChallenge';
import {
  authErrorCode,
  findSecondFactor,
  NoChallengeError,
  NoFactorError,
  RECOVERY_CODE,
  secondsToWait,
  verifySecondFactor,
} from './verify';

/** 'code': the factor's own code (the app's, or the one texted to the phone); 'recovery': a recovery code. */
type Mode = 'code' | 'recovery';

/** What went wrong, in the reader's words. */
function useFailure(phone: boolean, mode: Mode) {
  const { t } = useT();
  return (error: unknown): string => {
    if (error instanceof NoFactorError) return t('secondFactor.noFactor');
    if (error instanceof NoChallengeError) return t('secondFactorPhone.notSent');
    const code = authErrorCode(error);
    if (code === 'over_sms_send_rate_limit') {
      const seconds = secondsToWait(error);
      return seconds === null ? t('secondFactorPhone.sendFailed') : t('secondFactorPhone.tooSoon', { seconds });
    }
    if (code === 'mfa_verification_failed' || code === 'mfa_challenge_expired') {
      if (mode === 'recovery') return t('secondFactor.wrongRecoveryCode');
      return phone ? t('secondFactorPhone.wrongCode') : t('secondFactor.wrongCode');
    }
    return t('secondFactor.failed');
  };
}

/**
 * The second sign-in step: the code of the user's verified factor — from their authenticator app,
 * or sent by text message to their phone — or one of their recovery codes. A right one raises the
 * session to aal2 (useSecondFactorDue then reads the page's queries again).
 */
export function SecondFactorStep({ onVerified, onSignOut }: { onVerified: () => void; onSignOut: () => void }) {
  const { t } = useT();
  const [mode, setMode] = useState<Mode>('code');
  const factor = useQuery({ queryKey: ['second-factor'], queryFn: findSecondFactor, retry: false, gcTime: 0 });
  const phone = factor.data?.kind === 'phone' ? factor.data : null;
  const challenge = usePhoneChallenge(factor.data);
  const failure = useFailure(Boolean(phone), mode);
  const schema = z.object({
    code:
      mode === 'code'
        ? z
            .string()
            .trim()
            .regex(TOTP_CODE_PATTERN, phone ? t('secondFactorPhone.codeFormat') : t('secondFactor.codeFormat'))
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
    mutationFn: async ({ code }: Values) => {
      const found = factor.data ?? (await factor.refetch({ throwOnError: true })).data!;
      await verifySecondFactor(found, code.trim(), challenge.challengeId);
    },
    onSuccess: onVerified,
  });
  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    reset();
    verify.reset();
  };

  const hint =
    mode === 'recovery'
      ? t('secondFactor.recoveryHint')
      : phone
        ? challenge.sending
          ? t('secondFactorPhone.sending')
          : challenge.challengeId
            ? t('secondFactorPhone.hint', { last: phone.phone.slice(-4) })
            : t('secondFactorPhone.notSent')
        : t('secondFactor.appHint');
  const shownError = verify.isError ? verify.error : factor.isError ? factor.error : challenge.sendError;

  return (
    <StepFrame title={t('secondFactor.title')}>
      <Typography color="text.secondary" role="status">
        {hint}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={handleSubmit((values) => verify.mutate(values))}
        aria-label={t('secondFactor.title')}
      >
        {shownError ? (
          <Alert severity="error" role="alert">
            {failure(shownError)}
          </Alert>
        ) : challenge.resent && mode === 'code' ? (
          <Alert severity="success">{t('secondFactorPhone.resent')}</Alert>
        ) : null}
        {mode === 'code' ? (
          <TextField
            key="code"
            label={phone ? t('secondFactorPhone.code') : t('secondFactor.code')}
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
        {phone && mode === 'code' ? (
          <Button
            onClick={() => {
              verify.reset(); // the refusal was about the old code
              challenge.resend();
            }}
            disabled={challenge.sending || verify.isPending}
          >
            {t('secondFactorPhone.resend')}
          </Button>
        ) : null}
        <Button onClick={switchMode} disabled={verify.isPending}>
          {mode === 'code'
            ? t('secondFactor.useRecovery')
            : phone
              ? t('secondFactorPhone.usePhone')
              : t('secondFactor.useApp')}
        </Button>
        <Button color="inherit" onClick={onSignOut}>
          {t('secondFactor.signOut')}
        </Button>
      </Stack>
    </StepFrame>
  );
}
