import { Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { CURRENCIES, currencyLabel, DEFAULT_CURRENCY, type Company, type fieldBinder } from '@stockwise/shared';
import { useMemo } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import type { CompanyValues } from '../api/company';
import { useT } from '../i18n';

type Field = ReturnType<typeof fieldBinder<CompanyValues>>;
type T = ReturnType<typeof useT>['t'];

/** A percent from 0 to 100 with at most three decimals, either decimal mark ('18', '8,875'); blank is 0. */
const RATE = /^\d{1,3}([.,]\d{1,3})?$/;

/** The rules of the fields receipts print, joined to the Company Info form's schema. */
export const moneySchema = (t: T) => ({
  address: z.string().max(500, t('company.tooLong', { max: 500 })),
  taxNumber: z.string().max(50, t('company.tooLong', { max: 50 })),
  currency: z.string().refine((code) => CURRENCIES.includes(code), t('company.money.currencyInvalid')),
  taxRate: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || (RATE.test(text) && Number(text.replace(',', '.')) <= 100),
      t('company.money.rateInvalid'),
    ),
  pricesIncludeTax: z.boolean(),
});

export const moneyValues = (c: Company) => ({
  address: c.address ?? '',
  taxNumber: c.taxNumber ?? '',
  currency: c.currency ?? DEFAULT_CURRENCY,
  taxRate: c.taxRate ? String(c.taxRate) : '',
  pricesIncludeTax: c.pricesIncludeTax ?? false,
});

/**
 * Address, tax number, currency, tax rate and whether prices include the tax: what a receipt shows
 * of the company and how it prices.
 */
export function MoneyFields({ field, register }: { field: Field; register: UseFormRegister<CompanyValues> }) {
  const { t, i18n } = useT();
  const options = useMemo(
    () => CURRENCIES.map((code) => ({ code, label: currencyLabel(code, i18n.language) })),
    [i18n.language],
  );
  return (
    <>
      <TextField
        label={t('company.money.address')}
        multiline
        minRows={2}
        autoComplete="street-address"
        {...field('address')}
      />
      <TextField label={t('company.money.taxNumber')} {...field('taxNumber')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('company.money.currency')}
          slotProps={{ select: { native: true } }}
          sx={{ flex: 2 }}
          {...field('currency')}
          helperText={field('currency').helperText ?? t('company.money.currencyHint')}
        >
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.label}
            </option>
          ))}
        </TextField>
        <TextField
          label={t('company.money.taxRate')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1 }}
          {...field('taxRate')}
          helperText={field('taxRate').helperText ?? t('company.money.taxRateHint')}
        />
      </Stack>
      <PricesIncludeTax register={register} />
    </>
  );
}

/** A shop in Europe marks VAT-inclusive shelf prices: then the tax is the part of the price it holds. */
function PricesIncludeTax({ register }: { register: UseFormRegister<CompanyValues> }) {
  const { t } = useT();
  const { ref, ...input } = register('pricesIncludeTax');
  return (
    <FormControlLabel
      control={<Checkbox {...input} slotProps={{ input: { ref } }} />}
      label={t('company.money.pricesIncludeTax')}
    />
  );
}
