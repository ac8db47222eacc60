import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { LoadError, Loading, PageHeader } from '@stockwise/kit';
import { fieldBinder, notify, toAppError, type Company } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useT as useScreensT } from '@/i18n';
import { useCompany, useSaveCompany, type CompanyValues, type LogoChange } from '../api/company';
import { LogoPicker } from '../components/LogoPicker';
import { MoneyFields, moneySchema, moneyValues } from '../components/MoneyFields';
import { useT } from '../i18n';

/** /settings/company — Company Info: name, industry, phone and logo; the address, tax number, currency and tax rate receipts print. */
export function CompanyPage() {
  const { t } = useScreensT();
  const { t: tc } = useT();
  const company = useCompany();
  return (
    <>
      <PageHeader title={t('screens.company')} subtitle={tc('company.subtitle')} />
      {company.isPending ? (
        <Loading />
      ) : company.isError ? (
        <LoadError error={company.error} onRetry={() => void company.refetch()} />
      ) : (
        // A new company (another answer) starts a fresh form with its values.
        <CompanyForm key={company.data.id} company={company.data} />
      )}
    </>
  );
}

const FIELDS = [
  'companyName',
  'industry',
  'phone',
  'address',
  'taxNumber',
  'currency',
  'taxRate',
  'pricesIncludeTax',
] as const;
const valuesOf = (c: Company): CompanyValues => ({
  companyName: c.companyName,
  industry: c.industry ?? '',
  phone: c.phone ?? '',
  ...moneyValues(c),
});

function CompanyForm({ company }: { company: Company }) {
  const { t } = useT();
  const schema = useMemo(
    () =>
      z.object({
        companyName: z
          .string()
          .trim()
          .min(1, t('company.required'))
          .max(200, t('company.tooLong', { max: 200 })),
        industry: z.string().max(100, t('company.tooLong', { max: 100 })),
        phone: z.string().max(40, t('company.tooLong', { max: 40 })),
        ...moneySchema(t),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<CompanyValues>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(company),
  });
  const field = fieldBinder(register, errors);
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [logoError, setLogoError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCompany((reason) => t('company.logo.uploadFailed', { reason }));

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setLogoError(undefined);
    try {
      const { company: saved } = await save.mutateAsync({ id: company.id, values, logo });
      reset(valuesOf(saved));
      setLogo({ kind: 'keep' });
      notify(t('company.saved'), 'success');
    } catch (failure) {
      const error = toAppError(failure, t('company.saveFailed'));
      if (error.field === 'logo' || error.field === 'logoPath') setLogoError(error.message);
      else if ((FIELDS as readonly string[]).includes(error.field ?? ''))
        setError(
          error.field as (typeof FIELDS)[number],
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      else setFormError(error.message);
    }
  });

  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }}>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('company.details')}>
          <Stack spacing={3}>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            <LogoPicker
              companyName={company.companyName}
              logoPath={company.logoPath}
              change={logo}
              onChange={(next) => {
                setLogoError(undefined);
                setLogo(next);
              }}
              serverError={logoError}
              disabled={save.isPending}
            />
            <TextField
              label={t('company.companyName')}
              required
              autoComplete="organization"
              {...field('companyName')}
            />
            <TextField label={t('company.industry')} {...field('industry')} />
            <TextField label={t('company.phone')} type="tel" autoComplete="tel" {...field('phone')} />
            <MoneyFields field={field} register={register} />
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                loading={save.isPending}
                disabled={!isDirty && logo.kind === 'keep'}
              >
                {t('common:actions.save')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
