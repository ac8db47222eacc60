import { zodResolver } from '@hookform/resolvers/zod';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { Alert, Box, Button, Chip, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '@stockwise/kit';
import { AppError, fieldBinder, getAuthClient, notify, resourceKey, TOTP_CODE_PATTERN } from '@stockwise/shared';
import { formatDate } from '@/lib/format';
import { useT } from '../i18n';
import { authErrorCode, unwrap } from '../lib/auth-errors';
import { newRecoveryCodes, RecoveryCodes } from './RecoveryCodes';
import { SectionCard } from './SectionCard';

const FACTORS_KEY = resourceKey('auth', 'factors');

interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/**
 * Two-step verification with an authenticator app (TOTP): set one up (QR code or key, then a
 * first code, which turns it on and answers the recovery codes, shown once), see it, remove it.
 */
export function TwoStepSection() {
  const { t, i18n } = useT();
  const queryClient = useQueryClient();
  const factors = useQuery({
    queryKey: FACTORS_KEY,
    queryFn: async () => unwrap((await getAuthClient()).mfa.listFactors()),
  });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FACTORS_KEY });
  const verified = (factors.data?.all ?? []).filter((f) => f.status === 'verified');
  const on = verified.length > 0;

  const start = useMutation({
    mutationFn: async () => unwrap((await getAuthClient()).mfa.enroll({ factorType: 'totp' })),
    onSuccess: (data) => setEnrolment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }),
  });
  const schema = z.object({
    code: z.string().trim().regex(TOTP_CODE_PATTERN, t('security.mfa.codeFormat')),
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
      const first = !on;
      await unwrap(
        (await getAuthClient()).mfa.challengeAndVerify({ factorId: enrolment!.factorId, code: code.trim() }),
      );
      // The first factor turns two-step verification on: that is when the recovery codes are made.
      return first ? newRecoveryCodes() : [];
    },
    onSuccess: (recoveryCodes) => {
      setEnrolment(null);
      reset();
      setCodes(recoveryCodes);
      notify(t('security.mfa.enabled'), 'success');
      void refresh();
    },
  });
  // Abandoning a set-up removes its factor, which was never verified.
  const cancel = () => {
    if (enrolment) {
      const { factorId } = enrolment;
      void getAuthClient().then((auth) => auth.mfa.unenroll({ factorId }));
    }
    setEnrolment(null);
    reset();
    verify.reset();
  };

  return (
    <SectionCard id="mfa" title={t('security.mfa.title')} hint={t('security.mfa.hint')}>
      <Stack spacing={2}>
        <Box>
          <Chip
            icon={on ? <VerifiedUserOutlined /> : undefined}
            color={on ? 'success' : 'default'}
            label={on ? t('security.mfa.on') : t('security.mfa.off')}
          />
        </Box>
        {factors.isError ? (
          <Alert severity="error" role="alert">
            {t('security.loadFailed')}
          </Alert>
        ) : null}
        {start.isError ? (
          <Alert severity="error" role="alert">
            {t('security.mfa.failed')}
          </Alert>
        ) : null}
        {codes && codes.length > 0 ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
        {verified.length > 0 ? (
          <List disablePadding aria-label={t('security.mfa.title')}>
            {verified.map((factor) => (
              <ListItem
                key={factor.id}
                divider
                disableGutters
                secondaryAction={
                  <Button color="error" size="small" onClick={() => setRemoving(factor.id)}>
                    {t('security.mfa.remove')}
                  </Button>
                }
              >
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{factor.friendly_name || t('security.mfa.factor')}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('security.mfa.added', { when: formatDate(factor.created_at, i18n.language) })}
                  </Typography>
                </Box>
              </ListItem>
            ))}
          </List>
        ) : null}
        {enrolment ? (
          <Box
            component="form"
            noValidate
            onSubmit={handleSubmit((values) => verify.mutate(values))}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, alignItems: 'start' }}
          >
            <Box
              component="img"
              src={enrolment.qrCode}
              alt={t('security.mfa.qrAlt')}
              sx={{ width: 180, height: 180, bgcolor: 'common.white', p: 1, borderRadius: 1, justifySelf: 'center' }}
            />
            <Stack spacing={1.5}>
              <Typography variant="body2">{t('security.mfa.scan')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('security.mfa.manual')}
              </Typography>
              <Typography
                data-testid="totp-secret"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
              >
                {enrolment.secret}
              </Typography>
              {verify.isError ? (
                <Alert severity="error" role="alert">
                  {authErrorCode(verify.error) === 'mfa_verification_failed'
                    ? t('security.mfa.wrongCode')
                    : t('security.mfa.failed')}
                </Alert>
              ) : null}
              <TextField
                label={t('security.mfa.code')}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                {...field('code')}
              />
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" loading={verify.isPending}>
                  {verify.isPending ? t('security.mfa.verifying') : t('security.mfa.verify')}
                </Button>
                <Button onClick={cancel} disabled={verify.isPending}>
                  {t('security.mfa.cancel')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        ) : on || factors.isPending ? null : (
          <Box>
            <Button variant="contained" loading={start.isPending} onClick={() => start.mutate()}>
              {start.isPending ? t('security.mfa.starting') : t('security.mfa.setUp')}
            </Button>
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('security.mfa.removeTitle')}
        body={t('security.mfa.removeBody')}
        confirmLabel={t('security.mfa.remove')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const { error } = await (await getAuthClient()).mfa.unenroll({ factorId: removing! });
          if (error)
            throw new AppError(
              authErrorCode(error) === 'insufficient_aal' ? t('security.mfa.needsAal2') : t('security.mfa.failed'),
            );
          notify(t('security.mfa.removed'), 'success');
          await refresh();
        }}
      />
    </SectionCard>
  );
}
