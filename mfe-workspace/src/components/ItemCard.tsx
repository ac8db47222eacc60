import { useMoney } from '@stockwise/shared';
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Item } from '@/api/inventory';
import { useT } from '@/i18n';
import { formatDate } from '@/lib/format';
import { StatusChip } from './StatusChip';

/** One item's master data at a glance: serial, what it is, where, status, price and warranty. */
export function ItemCard({ item, children }: { item: Item; children?: ReactNode }) {
  const { t, i18n } = useT();
  const language = i18n.language;
  const money = useMoney();
  const rows: [string, string][] = [
    [t('item.type'), item.itemTypeName],
    [t('item.brand'), item.brandName ?? '—'],
    [t('item.model'), item.model ?? '—'],
    [t('item.location'), item.locationName],
    [t('item.salePrice'), money(item.salePrice)],
    [t('item.warranty'), t('item.warrantyMonths', { count: item.warrantyMonths })],
  ];
  if (item.customerName) rows.push([t('item.customer'), item.customerName]);
  if (item.soldAt) rows.push([t('item.soldAt'), formatDate(item.soldAt, language)]);
  if (item.warrantyEndsAt)
    rows.push([t('item.warranty'), t('item.warrantyEnds', { date: formatDate(item.warrantyEndsAt, language) })]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={`${t('item.serial')} ${item.serial}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {item.serial}
        </Typography>
        <StatusChip status={item.status} />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {rows.map(([label, value], index) => (
          <Box key={index} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {children}
    </Paper>
  );
}
