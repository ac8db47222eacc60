import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { AppError, auth, AUTH_MESSAGES, EMAIL_NOT_VERIFIED, errorMessage, fieldBinder } from '@stockwise/shared';
import { useT } from '../i18n';
import { AuthShell } from '../components/AuthShell';
import { CodeSignIn } from '../components/CodeSignIn';
import { PasswordField } from '../components/PasswordField';
import { SsoSignIn } from '../components/SsoSignIn';
import { ThirdPartyButton } from '../components/ThirdPartyButton';
import { useReturnPath, useThirdPartyFailure } from '../hooks/useThirdPartyFinish';

/** The login answer's code for a place refused after too many failures (the API's sign-in.ts). */
const SIGN_IN_REFUSED = 'SIGN_IN_REFUSED';

/** A sign-in refused until the email is verified: the server's message, and a new link on request. */
function NotVerified({ message, verificationToken }: { message: string; verificationToken: string }) {
  const { t } = useT();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const resend = async () => {
    setSending(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: (await auth.resendVerification(verificationToken)) || t('auth.login.resent') });
    } catch (e) {
      setOutcome({ ok: false, message: errorMessage(e, t('auth.login.resendFailed')) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Alert
        severity="warning"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={resend} disabled={sending} sx={{ whiteSpace: 'nowrap' }}>
            {t('auth.login.resend')}
          </Button>
        }
        sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      >
        {message}
      </Alert>
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Router state /auth/callback sends a failed single sign-on back with. */
export interface SsoReturnState {
  ssoFailure?: string;
}

type Way = 'password' | 'code' | 'sso';

/** The other ways in than the password: a mailed code, the company's single sign-on. */
function OtherWays({ current, onChoose }: { current: Way; onChoose: (way: Way) => void }) {
  const { t } = useT();
  const ways: Array<[Way, string]> = [
    ['code', t('auth.loginOptions.byCode')],
    ['sso', t('auth.loginOptions.bySso')],
    ['password', t('auth.loginOptions.byPassword')],
  ];
  return (
    <Stack spacing={1}>
      {ways
        .filter(([way]) => way !== current)
        .map(([way, label]) => (
          <Button key={way} variant="outlined" fullWidth onClick={() => onChoose(way)}>
            {label}
          </Button>
        ))}
    </Stack>
  );
}

export function LoginPage() {
  const ssoFailure = (useLocation().state as SsoReturnState | null)?.ssoFailure;
  const [way, setWay] = useState<Way>(ssoFailure ? 'sso' : 'password');
  if (way === 'password') return <PasswordLogin onChoose={setWay} />;
  return <OtherWayLogin way={way} onChoose={setWay} ssoFailure={ssoFailure} />;
}

function OtherWayLogin({
  way,
  onChoose,
  ssoFailure,
}: {
  way: Exclude<Way, 'password'>;
  onChoose: (way: Way) => void;
  ssoFailure: string | undefined;
}) {
  const { t } = useT();
  return (
    <AuthShell
      title={way === 'code' ? t('auth.loginOptions.byCode') : t('auth.loginOptions.ssoTitle')}
      subtitle={t('auth.login.subtitle')}
    >
      <Stack spacing={2}>
        {way === 'code' ? <CodeSignIn /> : <SsoSignIn failure={ssoFailure} />}
        <Divider>{t('auth.or')}</Divider>
        <OtherWays current={way} onChoose={onChoose} />
      </Stack>
    </AuthShell>
  );
}

function PasswordLogin({ onChoose }: { onChoose: (way: Way) => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const thirdPartyFailure = useThirdPartyFailure();
  const [error, setError] = useState<string | null>(null);
  const [notVerified, setNotVerified] = useState<{ message: string; verificationToken: string } | null>(null);
  // After too many failures the server refuses this place; the owner's way on is the code it
  // mails for the right password, entered here with the password again.
  const [codeAsked, setCodeAsked] = useState(false);
  const schema = z.object({
    userName: z.string().trim().min(1, t('auth.validation.required')),
    password: z.string().min(1, t('auth.validation.required')),
    code: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d{8}$/.test(v), t('auth.login.codeInvalid')),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { userName: '', password: '', code: '' },
  });
  const field = fieldBinder(register, errors);

  const onSubmit = handleSubmit(async ({ code, ...credentials }) => {
    setError(null);
    setNotVerified(null);
    try {
      await auth.login(code ? { ...credentials, code } : credentials);
      navigate(returnPath, { replace: true });
    } catch (e) {
      // Spec §3: a login refused for an unverified email carries message and verificationToken.
      if (e instanceof AppError && e.code === EMAIL_NOT_VERIFIED && e.verificationToken) {
        setNotVerified({ message: e.message, verificationToken: e.verificationToken });
        return;
      }
      if (e instanceof AppError && e.code === SIGN_IN_REFUSED) setCodeAsked(true);
      setError(errorMessage(e, AUTH_MESSAGES.loginError));
    }
  });

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {/* The page works before the app boots: the boot script (scripts/lib/documents.mjs) holds a
          press of the submit button and replays it once React owns the form. Without JavaScript,
          a native submission is a POST, which puts no password in the address. */}
      <Box component="form" method="post" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          {notVerified ? <NotVerified key={notVerified.verificationToken} {...notVerified} /> : null}
          <TextField label={t('auth.userName')} autoComplete="username" autoFocus fullWidth {...field('userName')} />
          <PasswordField label={t('auth.password')} autoComplete="current-password" fullWidth {...field('password')} />
          {codeAsked ? (
            <TextField
              label={t('auth.login.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              fullWidth
              {...field('code')}
            />
          ) : null}
          <Box sx={{ textAlign: 'right', mt: -0.5 }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              {t('auth.login.forgot')}
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting} fullWidth>
            {t('auth.login.submit')}
          </Button>
          <OtherWays current="password" onChoose={onChoose} />
          {/* Last of the ways in: whether this server offers one is known only once its answer
              comes, and a section that appears or goes below the others moves nothing but the
              register line (above them, it moved the whole list of ways on every first visit). */}
          <ThirdPartyButton intent={{ kind: 'login' }} failure={thirdPartyFailure} />
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
