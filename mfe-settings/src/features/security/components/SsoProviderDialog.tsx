import { Button, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import {
  useCreateSsoProvider,
  useUpdateSsoProvider,
  type NewSsoProvider,
  type SsoProvider,
  type SsoProviderChange,
} from '../api/sso-providers';
import { useT } from '../i18n';

type Values = { domain: string; issuer: string; clientId: string; clientSecret: string; removeSecret: boolean };
const EMPTY: Values = { domain: '', issuer: '', clientId: '', clientSecret: '', removeSecret: false };

/** An edit starts from the provider as listed; its secret is never read back, so that field starts blank. */
const valuesOf = (provider: SsoProvider): Values => ({
  domain: provider.domain,
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: '',
  removeSecret: false,
});

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
      removeSecret: z.boolean(),
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

/** An edit's body: no domain (it stays); no secret keeps the stored one, null removes it. */
export const changeOf = (values: Values): SsoProviderChange => ({
  issuer: values.issuer,
  clientId: values.clientId,
  ...(values.removeSecret ? { clientSecret: null } : values.clientSecret ? { clientSecret: values.clientSecret } : {}),
});

/**
 * Adds a provider, or edits `provider` (its domain shown but fixed); the API's refusals (domain
 * not the company's, issuer without discovery) land on their field.
 */
export function SsoProviderDialog({
  open,
  provider = null,
  standIn,
  onClose,
}: {
  open: boolean;
  provider?: SsoProvider | null;
  standIn: { issuer: string; clientId: string } | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const schema = useSchema();
  const create = useCreateSsoProvider();
  const update = useUpdateSsoProvider();
  const editing = provider !== null;
  return (
    <FormDialog
      open={open}
      title={t(editing ? 'security.sso.editTitle' : 'security.sso.addTitle')}
      schema={schema}
      defaultValues={editing ? valuesOf(provider) : EMPTY}
      onSubmit={async (values) => {
        if (editing) await update.mutateAsync({ id: provider.id, body: changeOf(values) });
        else await create.mutateAsync(bodyOf(values));
        notify(t(editing ? 'security.sso.changed' : 'security.sso.saved'), 'success');
      }}
      onClose={onClose}
    >
      {(field, form) => (
        <>
          <TextField
            label={t('security.sso.domain')}
            required
            autoFocus={!editing}
            disabled={editing}
            {...field('domain')}
            helperText={
              form.formState.errors.domain?.message ??
              t(editing ? 'security.sso.domainFixed' : 'security.sso.domainHint')
            }
          />
          <TextField
            label={t('security.sso.issuer')}
            required
            type="url"
            autoFocus={editing}
            {...field('issuer')}
            helperText={form.formState.errors.issuer?.message ?? t('security.sso.issuerHint')}
          />
          <TextField label={t('security.sso.clientId')} required autoComplete="off" {...field('clientId')} />
          <TextField
            label={t('security.sso.clientSecret')}
            type="password"
            autoComplete="new-password"
            disabled={form.watch('removeSecret')}
            {...field('clientSecret')}
            helperText={
              form.formState.errors.clientSecret?.message ??
              t(provider?.hasClientSecret ? 'security.sso.clientSecretKeep' : 'security.sso.clientSecretHint')
            }
          />
          {provider?.hasClientSecret ? (
            <FormControlLabel
              control={<Checkbox {...form.register('removeSecret')} checked={form.watch('removeSecret')} />}
              label={t('security.sso.removeSecret')}
            />
          ) : null}
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
