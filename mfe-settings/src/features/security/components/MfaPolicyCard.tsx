import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { LoadError, Loading } from '@stockwise/kit';
import { notify, toAppError } from '@stockwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { SwitchField } from '@/components/SwitchField';
import { useMfaPolicy, useSaveMfaPolicy, type MfaPolicy } from '../api/mfa-policy';
import { useT } from '../i18n';

/** Profile → Security (mfe-workspace), where the signed-in user sets up their own factor. */
const OWN_SECURITY_PATH = '/profile/security';

const schema = z.object({ requireForOwnersAndAdmins: z.boolean() });

/** The company's requirement of a second factor for its Owners and Admins. */
export function MfaPolicyCard() {
  const { t } = useT();
  const policy = useMfaPolicy();
  return (
    <Card variant="outlined" component="section" aria-labelledby="mfa-policy-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="mfa-policy-title" variant="h6" component="h2">
            {t('security.mfa.title')}
          </Typography>
          {policy.isPending ? (
            <Loading />
          ) : policy.isError ? (
            <LoadError error={policy.error} onRetry={() => void policy.refetch()} />
          ) : (
            <MfaPolicyForm policy={policy.data} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function MfaPolicyForm({ policy }: { policy: MfaPolicy }) {
  const { t } = useT();
  const save = useSaveMfaPolicy();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm<MfaPolicy>({ resolver: zodResolver(schema), defaultValues: policy });
  // MFA_NOT_SET_UP gets its own words and the way to fix it; anything else says what the API said.
  const [failure, setFailure] = useState<{ ownFactorMissing: boolean; message: string } | null>(null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      notify(t(saved.requireForOwnersAndAdmins ? 'security.mfa.saved' : 'security.mfa.savedOff'), 'success');
    } catch (error) {
      const { code, message } = toAppError(error, t('security.mfa.saveFailed'));
      setFailure(
        code === 'MFA_NOT_SET_UP'
          ? { ownFactorMissing: true, message: t('security.mfa.ownFirst') }
          : { ownFactorMissing: false, message },
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('security.mfa.title')}>
      <Stack spacing={2}>
        <SwitchField control={control} name="requireForOwnersAndAdmins" label={t('security.mfa.require')} />
        <Typography color="text.secondary">{t('security.mfa.explain')}</Typography>
        {failure ? (
          <Alert
            severity="error"
            role="alert"
            action={
              failure.ownFactorMissing ? (
                <Button component={RouterLink} to={OWN_SECURITY_PATH} color="inherit" size="small">
                  {t('security.mfa.setUpOwn')}
                </Button>
              ) : undefined
            }
          >
            {failure.message}
          </Alert>
        ) : null}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={!isDirty}>
            {t('common:actions.save')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
