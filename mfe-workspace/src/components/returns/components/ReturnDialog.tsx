import { MenuItem, TextField } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify, resourceKey, useMoney } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { listLocations, runTransaction, type Item, type StatusKey, type TransactionType } from '@/api/inventory';
import { useStatusName } from '@/components/StatusChip';
import { moneyInput, parseMoney } from '@/lib/format';
import { useT } from '../i18n';
import { RETURN_DESTINATIONS } from '../lib/outcome-types';

type Values = { reason: string; refund: string; toStatus: StatusKey; toLocationId: string };

/**
 * A sold item back from its buyer: why, what is paid back (the sale price to start with, never
 * more) and where it goes; one POST /api/transactions with the Return type. The API links the
 * return to the item's sale line and refuses a second one.
 */
export function ReturnDialog({
  item,
  type,
  open,
  onClose,
  onDone,
}: {
  item: Item;
  type: TransactionType;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useT();
  const statusName = useStatusName();
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations, enabled: open });
  const price = item.salePrice ?? 0;
  const money = useMoney();
  const shownPrice = money(price);
  const schema = useMemo(
    () =>
      z.object({
        reason: z.string().trim().min(1, t('returns.reasonRequired')).max(200),
        refund: z.string().refine(
          (text) => {
            const amount = parseMoney(text);
            return amount !== null && amount <= price;
          },
          t('returns.refundInvalid', { price: shownPrice }),
        ),
        toStatus: z.enum(RETURN_DESTINATIONS as [StatusKey, ...StatusKey[]]),
        toLocationId: z.string(),
      }),
    [t, price, shownPrice],
  );
  return (
    <FormDialog<Values>
      open={open}
      title={t('returns.returnTitle', { serial: item.serial })}
      schema={schema}
      defaultValues={{
        reason: '',
        refund: moneyInput(price, i18n.language),
        toStatus: type.toStatus && RETURN_DESTINATIONS.includes(type.toStatus) ? type.toStatus : 'returned',
        toLocationId: '',
      }}
      submitLabel={t('returns.returnConfirm')}
      onSubmit={async (values) => {
        await runTransaction({
          transactionTypeId: type.id,
          itemIds: [item.id],
          reason: values.reason.trim(),
          refund: parseMoney(values.refund)!,
          toStatus: values.toStatus,
          ...(values.toLocationId ? { toLocationId: values.toLocationId } : {}),
        });
        notify(t('returns.returned', { serial: item.serial }), 'success');
        onDone();
      }}
      onClose={onClose}
    >
      {(field, form) => (
        <>
          <TextField label={t('returns.reason')} required autoFocus {...field('reason')} />
          <TextField
            label={t('returns.refund')}
            required
            {...field('refund')}
            helperText={field('refund').helperText ?? t('returns.refundHelp', { price: shownPrice })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Controller
            control={form.control}
            name="toStatus"
            render={({ field: destination }) => (
              <TextField select label={t('returns.destination')} {...destination}>
                {RETURN_DESTINATIONS.map((status) => (
                  <MenuItem key={status} value={status}>
                    {statusName(status)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="toLocationId"
            render={({ field: location }) => (
              <TextField select label={t('returns.location')} {...location}>
                <MenuItem value="">{t('returns.locationUnchanged')}</MenuItem>
                {(locations.data ?? [])
                  .filter((one) => one.active)
                  .map((one) => (
                    <MenuItem key={one.id} value={one.id}>
                      {one.name}
                    </MenuItem>
                  ))}
              </TextField>
            )}
          />
        </>
      )}
    </FormDialog>
  );
}
