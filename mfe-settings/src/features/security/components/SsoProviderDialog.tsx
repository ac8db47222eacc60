import { Button, TextField } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { useCreateSsoProvider, type NewSsoProvider } from '../api/sso-providers';
import { useT } from '../i18n';

type Values = { domain: string; issuer: string; clientId: string; clientSecret: string };
const EMPTY: Values = { domain: '', issuer: '', clientId: '', clientSecret: '' };

/** The API's own limits (POST /api/sso-providers); whether the domain and issuer will do, it says itself. */
function useSchema() {
  const { t } = useT();
  return useMemo(() => {
    const max = (n: number) => t('security.sso.tooLong', { max: n });
    return z.object({
      domain: z
        .string()
        .trim()
        .toLowerCase()
        .min(1, t('security.sso.domainRequired'))
        .max(253, max(253))
        .regex(/^[^\s@/]+\.[^\s@/]+$/, t('security.sso.domainFormat')),
      issuer: z
        .string()
        .trim()
        .max(2048, max(2048))
        .regex(/^https?:\/\/\S+$/i, t('security.sso.issuerFormat')),
      clientId: z.string().trim().min(1, t('security.sso.clientIdRequired')).max(512, max(512)),
      clientSecret: z.string().max(2048, max(2048)),
    }) satisfies z.ZodType<Values, Values>;
  }, [t]);
}

/** What is sent: the secret only when one was typed (it is write-only: never read back). */
export const bodyOf = (values: Values): NewSsoProvider => ({
  domain: values.domain,
  issuer: values.issuer,
  clientId: values.clientId,
  ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
});

/** Adds a provider; the API's refusals (domain not the company's, issuer without discovery) land on their field. */
export function SsoProviderDialog({
  open,
  standIn,
  onClose,
}: {
  open: boolean;
  standIn: { issuer: string; clientId: string } | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const schema = useSchema();
  const create = useCreateSsoProvider();
  return (
    <FormDialog
      open={open}
      title={t('security.sso.addTitle')}
      schema={schema}
      defaultValues={EMPTY}
      onSubmit={async (values) => {
        await create.mutateAsync(bodyOf(values));
        notify(t('security.sso.saved'), 'success');
      }}
      onClose={onClose}
    >
      {(field, form) => (
        <>
          <TextField
            label={t('security.sso.domain')}
            required
            autoFocus
            {...field('domain')}
            helperText={form.formState.errors.domain?.message ?? t('security.sso.domainHint')}
          />
          <TextField
            label={t('security.sso.issuer')}
            required
            type="url"
            {...field('issuer')}
            helperText={form.formState.errors.issuer?.message ?? t('security.sso.issuerHint')}
          />
          <TextField label={t('security.sso.clientId')} required autoComplete="off" {...field('clientId')} />
          <TextField
            label={t('security.sso.clientSecret')}
            type="password"
            autoComplete="new-password"
            {...field('clientSecret')}
            helperText={form.formState.errors.clientSecret?.message ?? t('security.sso.clientSecretHint')}
          />
          {standIn ? (
            <Button
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                form.setValue('issuer', standIn.issuer, { shouldDirty: true, shouldValidate: true });
                form.setValue('clientId', standIn.clientId, { shouldDirty: true, shouldValidate: true });
              }}
            >
              {t('security.sso.useStandIn')}
            </Button>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
