import { Button, TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { call, notify, type ApiResponse } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useT } from '../i18n';

type Sale = ApiResponse<'getSale'>;
interface Values {
  quantity: string;
  reason: string;
  refund: string;
}

/** A currency's decimals as the API rounds its amounts (JPY 0, EUR 2; never more than two). */
const digitsOf = (currency: string) =>
  Math.min(
    2,
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2,
  );

/**
 * The most that `units` more of the line's units may be refunded, as text: their share of its
 * total, cut as the API cuts a line returned in parts (the first k units' share rounded, a part's
 * the difference), so the parts add up to the total.
 */
function refundFor(sale: Sale, line: Sale['lines'][number], units: number) {
  const digits = digitsOf(sale.currency);
  const scale = 10 ** digits;
  const shareOf = (k: number) => Math.round((line.total * k * scale) / line.quantity) / scale;
  return (shareOf(line.returnedQuantity + units) - shareOf(line.returnedQuantity)).toFixed(digits);
}

/**
 * "Return line n" on a sale's line of a model × quantity: all its units still out, or some of them,
 * go back where they were sold from, with a reason and a refund (at most their share of the line's
 * total, the default; the parts of a line returned in several goes add up to its total).
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
  const out = line.quantity - line.returnedQuantity;
  const schema = useMemo(
    () =>
      z
        .object({
          quantity: z
            .string()
            .trim()
            .refine(
              (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= out,
              t('returns.quantityInvalid', { out }),
            ),
          reason: z.string().trim().min(1, t('returns.reasonRequired')).max(200),
          refund: z.string().trim(),
        })
        .superRefine((values, context) => {
          const units = Number(values.quantity);
          if (!(units >= 1 && units <= out)) return;
          const price = refundFor(sale, line, units);
          if (!/^\d+(\.\d{1,2})?$/.test(values.refund) || Number(values.refund) > Number(price))
            context.addIssue({ code: 'custom', path: ['refund'], message: t('returns.refundInvalid', { price }) });
        }),
    [t, out, sale, line],
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
        defaultValues={{ quantity: String(out), reason: '', refund: refundFor(sale, line, out) }}
        submitLabel={t('returns.returnLine', { line: line.line })}
        onSubmit={async (values) => {
          const units = Number(values.quantity);
          await call('POST', '/api/sales/{id}/quantity-returns', {
            params: { id: sale.id },
            body: { line: line.line, quantity: units, reason: values.reason.trim(), refund: Number(values.refund) },
          });
          notify(t('returns.quantityReturned', { line: line.line, quantity: units }), 'success');
          onDone();
        }}
        onClose={() => setOpen(false)}
      >
        {(field, form) => {
          const quantity = field('quantity');
          return (
            <>
              <Typography variant="body2">
                {line.returnedQuantity
                  ? t('returns.quantityReturnHintRest', { out, quantity: line.quantity })
                  : t('returns.quantityReturnHint', { quantity: line.quantity })}
              </Typography>
              <TextField
                label={t('returns.quantity')}
                inputMode="numeric"
                {...quantity}
                onChange={(event) => {
                  void quantity.onChange(event);
                  // The refund follows the units, as the API's default does.
                  const units = Number(event.target.value);
                  if (Number.isInteger(units) && units >= 1 && units <= out)
                    form.setValue('refund', refundFor(sale, line, units));
                }}
                helperText={(quantity.helperText as string | undefined) ?? t('returns.quantityHelp', { out })}
              />
              <TextField label={t('returns.reason')} required autoFocus {...field('reason')} />
              <TextField
                label={t('returns.refund')}
                {...field('refund')}
                helperText={(field('refund').helperText as string | undefined) ?? t('returns.refundHelpShare')}
              />
            </>
          );
        }}
      </FormDialog>
    </>
  );
}
