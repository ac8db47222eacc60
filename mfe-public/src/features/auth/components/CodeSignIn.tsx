import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { auth, AUTH_MESSAGES, fieldBinder } from '@stockwise/shared';
import { useHydrated } from '@/hooks/useHydrated';
import { useT } from '../i18n';
import { useAuthFailure } from '../hooks/useAuthFailure';
import { useEmailForm } from '../hooks/useEmailForm';
import { useReturnPath } from '../hooks/useThirdPartyFinish';

/** The auth service's codes are 6 digits (the API's CODES.digits). */
const CODE = /^\d{6}$/;

/** Step one: the address the code goes to. */
function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const failure = useAuthFailure();
  const [error, setError] = useState<string | null>(null);
  const { field, handleSubmit, isSubmitting } = useEmailForm();
  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await auth.requestSignInCode(email);
      onSent(email);
    } catch (e) {
      setError(failure(e, AUTH_MESSAGES.loginError));
    }
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={t('auth.loginOptions.byCode')}>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={t('auth.loginOptions.email')}
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        {...field('email')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting || !hydrated}>
        {t('auth.loginOptions.sendCode')}
      </Button>
    </Stack>
  );
}

/** Step two: the code from the mail; a new one on request. */
function CodeStep({ email, onOtherEmail }: { email: string; onOtherEmail: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const failure = useAuthFailure();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [resending, setResending] = useState(false);
  const schema = z.object({ code: z.string().trim().regex(CODE, t('auth.loginOptions.codeFormat')) });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const field = fieldBinder(register, errors);
  const returnPath = useReturnPath();

  const onSubmit = handleSubmit(async ({ code }) => {
    setOutcome(null);
    try {
      await auth.signInWithCode(email, code);
      // A second factor, when the user has one, is the shell's next step (SecondFactorGate).
      navigate(returnPath, { replace: true });
    } catch (e) {
      setOutcome({ ok: false, message: failure(e, AUTH_MESSAGES.loginError) });
    }
  });
  const resend = async () => {
    setResending(true);
    setOutcome(null);
    try {
      await auth.requestSignInCode(email);
      setOutcome({ ok: true, message: t('auth.loginOptions.codeResent') });
    } catch (e) {
      setOutcome({ ok: false, message: failure(e, AUTH_MESSAGES.loginError) });
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label={t('auth.loginOptions.signIn')}>
      <Typography color="text.secondary">{t('auth.loginOptions.codeSentTo', { email })}</Typography>
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      ) : null}
      <TextField
        label={t('auth.loginOptions.code')}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        {...field('code')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
        {t('auth.loginOptions.signIn')}
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button onClick={resend} disabled={resending || isSubmitting}>
          {t('auth.loginOptions.resendCode')}
        </Button>
        <Button color="inherit" onClick={onOtherEmail} disabled={isSubmitting}>
          {t('auth.loginOptions.otherEmail')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Sign-in by a mailed code: the address, then the 6-digit code mailed to it. Whether the address
 * has an account is never said — the same words follow either way.
 */
export function CodeSignIn() {
  const [email, setEmail] = useState<string | null>(null);
  return email ? (
    <CodeStep key={email} email={email} onOtherEmail={() => setEmail(null)} />
  ) : (
    <EmailStep onSent={setEmail} />
  );
}
