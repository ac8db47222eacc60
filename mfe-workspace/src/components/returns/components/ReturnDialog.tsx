import { Box, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify, resourceKey, useMoney } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { listLocations, runTransaction, type Item, type StatusKey, type TransactionType } from '@/api/inventory';
import { useStatusName } from '@/components/StatusChip';
import { moneyInput, parseMoney } from '@/lib/format';
import { useT } from '../i18n';
import { RETURN_DESTINATIONS } from '../lib/outcome-types';

type Values = {
  reason: string;
  /** One per item returned, in the order of the items taken (the API names a refused one by its place). */
  refunds: Array<{ itemId: string; refund: string }>;
  toStatus: StatusKey;
  toLocationId: string;
};

/** What the item was sold for: its refund to start with and at most. */
const priceOf = (item: Item) => item.salePrice ?? 0;

/** What a person typed for a refund, if it is one the API takes: an amount, at most the sale price. */
const refundOf = (text: string, price: number) => {
  const amount = parseMoney(text);
  return amount !== null && amount <= price ? amount : null;
};

/**
 * Sold items back from their buyers: why, what is paid back and where they go; one POST
 * /api/transactions with the Return type, one event per item. Each item's refund is typed, its own
 * sale price to start with and never more (the API's rule for one item and for each of several:
 * items of different sales were sold at different prices). Items the type does not take are listed
 * with why and left out. The API links each return to its sale line and refuses a second one.
 */
export function ReturnDialog({
  items,
  type,
  open,
  onClose,
  onDone,
}: {
  items: Item[];
  type: TransactionType;
  open: boolean;
  onClose: () => void;
  /** After the return: the items returned. */
  onDone: (returned: Item[]) => void;
}) {
  const { t, i18n } = useT();
  const statusName = useStatusName();
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations, enabled: open });
  const money = useMoney();
  const taken = items.filter((item) => type.fromStatuses.includes(item.status));
  const one = items.length === 1 ? items[0] : undefined;
  const schema = useMemo(() => {
    const prices = items.filter((item) => type.fromStatuses.includes(item.status)).map(priceOf);
    return z
      .object({
        reason: z.string().trim().min(1, t('returns.reasonRequired')).max(200),
        refunds: z.array(z.object({ itemId: z.string(), refund: z.string() })),
        toStatus: z.enum(RETURN_DESTINATIONS as [StatusKey, ...StatusKey[]]),
        toLocationId: z.string(),
      })
      .superRefine((values, check) =>
        values.refunds.forEach(({ refund }, n) => {
          const price = prices[n] ?? 0;
          if (refundOf(refund, price) === null)
            check.addIssue({
              code: 'custom',
              path: ['refunds', n, 'refund'],
              message: t('returns.refundInvalid', { price: money(price) }),
            });
        }),
      );
  }, [t, money, items, type]);
  return (
    <FormDialog<Values>
      open={open}
      title={
        one ? t('returns.returnTitle', { serial: one.serial }) : t('returns.returnManyTitle', { count: items.length })
      }
      schema={schema}
      defaultValues={{
        reason: '',
        refunds: taken.map((item) => ({ itemId: item.id, refund: moneyInput(priceOf(item), i18n.language) })),
        toStatus: type.toStatus && RETURN_DESTINATIONS.includes(type.toStatus) ? type.toStatus : 'returned',
        toLocationId: '',
      }}
      submitLabel={t('returns.returnConfirm', { count: taken.length })}
      onSubmit={async (values) => {
        if (taken.length === 0) throw new Error(t('returns.noneTaken'));
        await runTransaction({
          transactionTypeId: type.id,
          itemIds: taken.map((item) => item.id),
          reason: values.reason.trim(),
          refunds: values.refunds.map(({ itemId, refund }) => ({ itemId, refund: parseMoney(refund)! })),
          toStatus: values.toStatus,
          ...(values.toLocationId ? { toLocationId: values.toLocationId } : {}),
        });
        notify(
          one ? t('returns.returned', { serial: one.serial }) : t('returns.returnedMany', { count: taken.length }),
          'success',
        );
        onDone(taken);
      }}
      onClose={onClose}
    >
      {(field, form) => (
        <>
          {one ? null : (
            <Box component="section" aria-labelledby="return-items">
              <Typography id="return-items" variant="subtitle2" component="h3">
                {t('returns.manyHint', { count: taken.length })}
              </Typography>
              <List dense aria-labelledby="return-items">
                {items.map((item) => {
                  const n = taken.indexOf(item);
                  return (
                    <ListItem key={item.id} divider disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
                      <ListItemText
                        primary={
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            {item.serial}
                          </Box>
                        }
                        secondary={
                          n < 0 ? (
                            <Box component="span" sx={{ color: 'error.main' }}>
                              {t('returns.notTaken', { type: type.name, status: statusName(item.status) })}
                            </Box>
                          ) : (
                            t('returns.soldFor', { price: money(priceOf(item)) })
                          )
                        }
                      />
                      {n < 0 ? null : (
                        <TextField
                          size="small"
                          label={t('returns.refund')}
                          required
                          {...field(`refunds.${n}.refund`)}
                          sx={{ width: { xs: '100%', sm: 180 } }}
                          // The serial is on the line; the field's name says it too, for a screen reader.
                          slotProps={{
                            htmlInput: {
                              inputMode: 'decimal',
                              'aria-label': t('returns.refundOf', { serial: item.serial }),
                            },
                          }}
                        />
                      )}
                    </ListItem>
                  );
                })}
              </List>
              <RefundTotal control={form.control} taken={taken} />
            </Box>
          )}
          <TextField label={t('returns.reason')} required autoFocus {...field('reason')} />
          {one && taken.length ? (
            <TextField
              label={t('returns.refund')}
              required
              {...field('refunds.0.refund')}
              helperText={
                field('refunds.0.refund').helperText ?? t('returns.refundHelp', { price: money(priceOf(one)) })
              }
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ) : null}
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
                  .filter((candidate) => candidate.active)
                  .map((candidate) => (
                    <MenuItem key={candidate.id} value={candidate.id}>
                      {candidate.name}
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

/** What the typed refunds come to, as they are typed (an amount not yet valid counts as nothing). */
function RefundTotal({ control, taken }: { control: Control<Values>; taken: Item[] }) {
  const { t } = useT();
  const money = useMoney();
  const refunds = useWatch({ control, name: 'refunds' });
  const total = (refunds ?? []).reduce(
    (sum, { refund }, n) => sum + (refundOf(refund, taken[n] ? priceOf(taken[n]) : 0) ?? 0),
    0,
  );
  return (
    <Typography variant="body2" aria-live="polite" sx={{ mt: 1 }}>
      {t('returns.refundTotal', { total: money(Math.round(total * 100) / 100) })}
    </Typography>
  );
}
