import { Box, Checkbox, FormControlLabel, FormHelperText, Stack, TextField } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { EMAIL_PATTERN } from '@stockwise/shared';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { Customer } from '@/api/inventory';
import { saveCustomer, type Kind } from '../api';
import { useT } from '../i18n';

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null);

/**
 * Adding or editing a customer or vendor (kit FormDialog): a name, at least one of the two kinds,
 * and optional contact details. A new one starts as the kind the list is filtered to.
 */
export function CustomerDialog({
  editing,
  kind,
  onSaved,
  onClose,
}: {
  /** The one edited, 'new' to add one, null when closed. */
  editing: Customer | 'new' | null;
  kind: Kind | undefined;
  onSaved: (saved: Customer) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useT();
  const schema = useMemo(
    () =>
      z
        .object({
          name: z.string().trim().min(1, t('common:validation.required')).max(200),
          isCustomer: z.boolean(),
          isVendor: z.boolean(),
          contactName: optional(200),
          email: z
            .string()
            .trim()
            .refine((value) => !value || EMAIL_PATTERN.test(value), t('common:validation.email'))
            .transform((value) => value || null),
          phone: optional(50),
          taxId: optional(50),
          address: optional(500),
          notes: optional(2000),
        })
        .refine((value) => value.isCustomer || value.isVendor, {
          message: t('customers.needKind'),
          path: ['isCustomer'],
        }),
    [t],
  );
  type Values = z.input<typeof schema>;

  const current = editing && editing !== 'new' ? editing : null;
  const defaults: Values = {
    name: current?.name ?? '',
    isCustomer: current ? current.isCustomer : kind !== 'vendor',
    isVendor: current ? current.isVendor : kind === 'vendor',
    contactName: current?.contactName ?? '',
    email: current?.email ?? '',
    phone: current?.phone ?? '',
    taxId: current?.taxId ?? '',
    address: current?.address ?? '',
    notes: current?.notes ?? '',
  };

  return (
    <FormDialog<Values>
      open={editing !== null}
      title={current ? t('customers.editTitle', { name: current.name }) : t('customers.addTitle')}
      schema={schema as unknown as z.ZodType<Values, Values>}
      defaultValues={defaults}
      onSubmit={async (values) => {
        // zodResolver hands over the parsed output (trimmed, empty → null).
        const body = values as unknown as z.output<typeof schema>;
        await onSaved(await saveCustomer(current?.id ?? null, body));
      }}
      onClose={onClose}
    >
      {(field, form) => (
        <>
          <TextField label={t('customers.name')} required autoFocus {...field('name')} />
          <Box>
            <Stack direction="row" spacing={2}>
              {(['isCustomer', 'isVendor'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field: box }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={Boolean(box.value)}
                          onChange={(event) => box.onChange(event.target.checked)}
                          onBlur={box.onBlur}
                          slotProps={{ input: { ref: box.ref } }}
                        />
                      }
                      label={t(name === 'isCustomer' ? 'customers.isCustomer' : 'customers.isVendor')}
                    />
                  )}
                />
              ))}
            </Stack>
            {form.formState.errors.isCustomer ? (
              <FormHelperText error>{form.formState.errors.isCustomer.message}</FormHelperText>
            ) : null}
          </Box>
          <TextField label={t('customers.contactName')} {...field('contactName')} />
          <TextField label={t('customers.email')} type="email" {...field('email')} />
          <TextField label={t('customers.phone')} {...field('phone')} />
          <TextField label={t('customers.taxId')} {...field('taxId')} />
          <TextField label={t('customers.address')} multiline minRows={2} {...field('address')} />
          <TextField label={t('customers.notes')} multiline minRows={2} {...field('notes')} />
        </>
      )}
    </FormDialog>
  );
}
