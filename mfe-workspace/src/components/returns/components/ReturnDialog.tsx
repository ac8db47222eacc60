import { Box, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
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
 * Sold items back from their buyers: why, what is paid back and where they go; one POST
 * /api/transactions with the Return type, one event per item. One item's refund is typed (its sale
 * price to start with, never more); several are each refunded their own sale price (the API's rule
 * for a batch). Items the type does not take are listed with why and left out. The API links each
 * return to its sale line and refuses a second one.
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
  const price = one?.salePrice ?? 0;
  const total = taken.reduce((sum, item) => sum + (item.salePrice ?? 0), 0);
  const shownPrice = money(price);
  const schema = useMemo(
    () =>
      z.object({
        reason: z.string().trim().min(1, t('returns.reasonRequired')).max(200),
        refund: one
          ? z.string().refine(
              (text) => {
                const amount = parseMoney(text);
                return amount !== null && amount <= price;
              },
              t('returns.refundInvalid', { price: shownPrice }),
            )
          : z.string(),
        toStatus: z.enum(RETURN_DESTINATIONS as [StatusKey, ...StatusKey[]]),
        toLocationId: z.string(),
      }),
    [t, one, price, shownPrice],
  );
  return (
    <FormDialog<Values>
      open={open}
      title={
        one ? t('returns.returnTitle', { serial: one.serial }) : t('returns.returnManyTitle', { count: items.length })
      }
      schema={schema}
      defaultValues={{
        reason: '',
        refund: one ? moneyInput(price, i18n.language) : '',
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
          ...(one ? { refund: parseMoney(values.refund)! } : {}),
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
                {t('returns.manyHint', { count: taken.length, total: money(total) })}
              </Typography>
              <List dense aria-labelledby="return-items">
                {items.map((item) => {
                  const refused = !taken.includes(item);
                  return (
                    <ListItem key={item.id} divider disableGutters>
                      <ListItemText
                        primary={
                          <Box component="span" sx={{ fontFamily: 'monospace' }}>
                            {item.serial}
                          </Box>
                        }
                        secondary={
                          <Box component="span" sx={{ color: refused ? 'error.main' : 'text.secondary' }}>
                            {refused
                              ? t('returns.notTaken', { type: type.name, status: statusName(item.status) })
                              : t('returns.refundEach', { price: money(item.salePrice ?? 0) })}
                          </Box>
                        }
                      />
                    </ListItem>
                  );
                })}
              </List>
            </Box>
          )}
          <TextField label={t('returns.reason')} required autoFocus {...field('reason')} />
          {one ? (
            <TextField
              label={t('returns.refund')}
              required
              {...field('refund')}
              helperText={field('refund').helperText ?? t('returns.refundHelp', { price: shownPrice })}
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
