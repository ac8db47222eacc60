import { TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { Item } from '@/api/inventory';
import { checkOut, type Borrower } from '@/api/loans';
import { formatDate } from '@/lib/format';
import { useT } from '../i18n';
import { dueAtEndOf, localDay } from '../lib/due';
import { BorrowerPicker } from './BorrowerPicker';

/** Lends an item: to whom (a colleague or a customer), the day it is due back, and a note. */
export function CheckOutDialog({
  item,
  open,
  onClose,
  onDone,
}: {
  item: Item;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useT();
  const schema = useMemo(
    () =>
      z.object({
        borrower: z
          .custom<Borrower | null>()
          .refine((value): value is Borrower => Boolean(value), t('loans.borrowerRequired')),
        dueDate: z
          .string()
          .min(1, t('loans.dueRequired'))
          .refine((value) => value >= localDay(new Date()), t('loans.duePast')),
        note: z.string().trim().max(500),
      }),
    [t],
  );
  type Values = { borrower: Borrower | null; dueDate: string; note: string };
  const week = new Date();
  week.setDate(week.getDate() + 7);
  return (
    <FormDialog<Values>
      open={open}
      title={t('loans.checkOutTitle', { serial: item.serial })}
      schema={schema as unknown as z.ZodType<Values, Values>}
      defaultValues={{ borrower: null, dueDate: localDay(week), note: '' }}
      submitLabel={t('loans.checkOut')}
      onSubmit={async (values) => {
        const borrower = values.borrower!;
        const loan = await checkOut({
          itemId: item.id,
          ...(borrower.kind === 'user' ? { userId: borrower.id } : { customerId: borrower.id }),
          dueAt: dueAtEndOf(values.dueDate),
          ...(values.note.trim() ? { note: values.note.trim() } : {}),
        });
        notify(
          t('loans.checkedOut', {
            serial: item.serial,
            name: loan.borrowerName,
            date: formatDate(loan.dueAt, i18n.language),
          }),
          'success',
        );
        onDone();
      }}
      onClose={onClose}
    >
      {(field, form) => (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('loans.checkOutHint')}
          </Typography>
          <Controller
            control={form.control}
            name="borrower"
            render={({ field: picker, fieldState }) => (
              <BorrowerPicker
                value={picker.value}
                onChange={picker.onChange}
                onBlur={picker.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <TextField
            label={t('loans.dueDate')}
            type="date"
            required
            {...field('dueDate')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDay(new Date()) } }}
          />
          <TextField label={t('loans.note')} {...field('note')} />
        </>
      )}
    </FormDialog>
  );
}
