import { Box, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { resourceKey, useMoney } from '@stockwise/shared';
import { listBrands, listLocations, type ItemEvent, type StatusKey } from '@/api/inventory';
import { useStatusName } from '@/components/StatusChip';
import { useWarrantyT } from '@/components/warranty';
import { formatDate, formatDateTime } from '@/lib/format';
import { itemFieldLabelKey, itemFieldValue } from '@/lib/item-fields';
import { useT } from '../i18n';

const KINDS = [
  'receive',
  'sell',
  'process',
  'move',
  'status_change',
  'return',
  'scrap',
  'edit',
  'void',
  'warranty',
  'stocktake',
  'check_out',
  'check_in',
] as const;
type Kind = (typeof KINDS)[number];
const isKind = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

/** An item's events, newest first: who, when, what, from → to (location, status), note and field changes. */
export function Timeline({ events, customerName }: { events: ItemEvent[]; customerName?: string | null }) {
  const { t, i18n } = useT();
  const money = useMoney();
  const statusName = useStatusName();
  const { t: tw } = useWarrantyT();
  // Locations are named by id in events; the catalogue names them (a reader without it sees ids' absence as '—').
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations, staleTime: 60_000 });
  const brands = useQuery({ queryKey: resourceKey('brands'), queryFn: listBrands, staleTime: 60_000 });
  const place = (id: string | null) =>
    id ? (locations.data?.find((location) => location.id === id)?.name ?? '—') : '—';
  const ordered = [...events].sort((a, b) => b.version - a.version);
  if (ordered.length === 0) return <Typography color="text.secondary">{t('history.noEvents')}</Typography>;
  return (
    <List aria-label={t('history.timeline')} sx={{ p: 0 }}>
      {ordered.map((event) => {
        const lines: string[] = [];
        // A warranty claim's step says which state the claim reached.
        if (event.warrantyState) lines.push(tw(`warranty.states.${event.warrantyState}`));
        if (event.fromLocationId !== event.toLocationId && event.toLocationId) {
          lines.push(t('history.move', { from: place(event.fromLocationId), to: place(event.toLocationId) }));
        }
        if (event.fromStatus !== event.toStatus && event.toStatus) {
          lines.push(
            t('history.statusChange', {
              from: event.fromStatus ? statusName(event.fromStatus as StatusKey) : '—',
              to: statusName(event.toStatus as StatusKey),
            }),
          );
        }
        if (event.kind === 'sell' && customerName && event.customerId) lines.push(customerName);
        // A check-out says to whom and until when (the loan's); a check-in, from whom it came back.
        if (event.loanBorrower)
          lines.push(
            event.kind === 'check_out'
              ? t('history.lentTo', { name: event.loanBorrower, date: formatDate(event.loanDueAt, i18n.language) })
              : t('history.backFrom', { name: event.loanBorrower }),
          );
        if (event.reason) lines.push(t('history.reason', { reason: event.reason }));
        if (event.refund !== null && event.refund !== undefined)
          lines.push(t('history.refund', { amount: money(event.refund) }));
        for (const [field, change] of Object.entries(event.deltas ?? {})) {
          const [before, after] = Array.isArray(change) ? change : [undefined, change];
          const label = itemFieldLabelKey(field);
          const value = (one: unknown) =>
            field === 'brandId' && typeof one === 'string'
              ? (brands.data?.find((brand) => brand.id === one)?.name ?? one)
              : itemFieldValue(field, one, money, t('history.empty'));
          lines.push(
            t('history.change', {
              field: label ? t(label) : field,
              before: value(before),
              after: value(after),
            }),
          );
        }
        const kind = isKind(event.kind) ? t(`history.kinds.${event.kind}`) : event.kind;
        return (
          <ListItem key={event.id} divider sx={{ display: 'block', px: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
                {kind}
              </Typography>
              {event.transactionTypeName && event.transactionTypeName !== kind ? (
                <Chip size="small" label={event.transactionTypeName} />
              ) : null}
              <Typography variant="body2" color="text.secondary">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, i18n.language)}</time>
                {' · '}
                {t('history.by', { user: event.userName ?? t('history.unknownUser') })}
              </Typography>
            </Stack>
            <Box sx={{ pl: 0.5 }}>
              {lines.map((line, index) => (
                <Typography key={index} variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {line}
                </Typography>
              ))}
              {event.note ? (
                <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
                  {t('history.note', { note: event.note })}
                </Typography>
              ) : null}
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
