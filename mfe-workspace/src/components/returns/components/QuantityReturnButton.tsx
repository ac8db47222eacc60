import { Button, TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { call, notify, type ApiResponse } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useT } from '../i18n';

type Sale = ApiResponse<'getSale'>;
interface Values {
  reason: string;
  refund: string;
}

/**
 * "Return line n" on a sale's line of a model × quantity: the whole quantity goes back where it
 * was sold from, with a reason and a refund (at most the line's total, the default).
 */
export function QuantityReturnButton({
  sale,
  line,
  onDone,
}: {
  sale: Sale;
  line: Sale['lines'][number];
  onDone: () => void;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const price = line.total.toFixed(2);
  const schema = useMemo(
    () =>
      z.object({
        reason: z.string().trim().min(1, t('returns.reasonRequired')).max(200),
        refund: z
          .string()
          .trim()
          .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= line.total, t('returns.refundInvalid', { price })),
      }),
    [t, line.total, price],
  );
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('returns.returnLine', { line: line.line })}
      </Button>
      <FormDialog<Values>
        open={open}
        title={t('returns.quantityReturnTitle', { line: line.line, quantity: line.quantity, model: line.model ?? '' })}
        schema={schema}
        defaultValues={{ reason: '', refund: price }}
        submitLabel={t('returns.returnLine', { line: line.line })}
        onSubmit={async (values) => {
          await call('POST', '/api/sales/{id}/quantity-returns', {
            params: { id: sale.id },
            body: { line: line.line, reason: values.reason.trim(), refund: Number(values.refund) },
          });
          notify(t('returns.quantityReturned', { line: line.line, quantity: line.quantity }), 'success');
          onDone();
        }}
        onClose={() => setOpen(false)}
      >
        {(field) => (
          <>
            <Typography variant="body2">{t('returns.quantityReturnHint', { quantity: line.quantity })}</Typography>
            <TextField label={t('returns.reason')} required autoFocus {...field('reason')} />
            <TextField
              label={t('returns.refund')}
              {...field('refund')}
              helperText={(field('refund').helperText as string | undefined) ?? t('returns.refundHelp', { price })}
            />
          </>
        )}
      </FormDialog>
    </>
  );
}
