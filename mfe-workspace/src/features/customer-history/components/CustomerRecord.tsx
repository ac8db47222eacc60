import {
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { call, resourceKey, useMoney, type ApiResponse } from '@stockwise/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ExportMenu } from '@/components/ExportMenu';
import { LoadError, Loading } from '@/components/ScreenStates';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { useT } from '../i18n';

type History = ApiResponse<'getCustomerHistory'>;
type Purchase = History['items'][number];

const getHistory = (id: string, cursor?: string) =>
  call('GET', '/api/customers/{id}/history', { params: { id }, query: { cursor, limit: 50 } });

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function WarrantyState({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useT();
  const date = formatDate(purchase.warrantyEndsAt, i18n.language);
  if (purchase.warranty === 'active')
    return (
      <Chip size="small" color="success" variant="outlined" label={t('customerHistory.warrantyActive', { date })} />
    );
  if (purchase.warranty === 'ended')
    return <Chip size="small" variant="outlined" label={t('customerHistory.warrantyEnded', { date })} />;
  return <>{t('customerHistory.noWarranty')}</>;
}

/**
 * What the API keeps about one customer (`GET /api/customers/{id}/history`, claim customers.view):
 * the totals, every item they bought with its warranty today, and their returns.
 */
export function CustomerRecord({ customerId }: { customerId: string }) {
  const { t, i18n } = useT();
  const money = useMoney();
  const history = useInfiniteQuery({
    queryKey: resourceKey('customers', customerId, 'history'),
    queryFn: ({ pageParam }) => getHistory(customerId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (history.isPending) return <Loading />;
  if (history.isError) return <LoadError error={history.error} onRetry={() => void history.refetch()} />;
  const first = history.data.pages[0]!;
  const { summary, returns } = first;
  const items = history.data.pages.flatMap((page) => page.items);
  const number = (value: number) => formatNumber(value, i18n.language);
  const tiles: Array<[string, string]> = [
    [t('customerHistory.summary.sales'), number(summary.sales)],
    [t('customerHistory.summary.itemsBought'), number(summary.itemsBought)],
    [t('customerHistory.summary.spent'), money(summary.spent)],
    [t('customerHistory.summary.returns'), number(summary.returns)],
    [t('customerHistory.summary.warrantiesActive'), number(summary.warrantiesActive)],
    [t('customerHistory.summary.warrantiesEnded'), number(summary.warrantiesEnded)],
  ];
  return (
    <>
      <Box
        component="dl"
        aria-label={t('customerHistory.summary.title', { name: first.customer.name })}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(6, 1fr)' }, gap: 1, m: 0 }}
      >
        {tiles.map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 1.5 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Section
        id="customer-warranties"
        title={t('customerHistory.warranties')}
        action={
          items.length ? (
            <ExportMenu
              path={`/api/customers/${customerId}/history`}
              params={{}}
              name={`${first.customer.name}-purchases`}
              label={t('export.menu')}
            />
          ) : undefined
        }
      >
        {items.length === 0 ? (
          <Typography color="text.secondary">{t('customerHistory.noItems')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="customer-warranties">
              <TableHead>
                <TableRow>
                  <TableCell>{t('customerHistory.columns.serial')}</TableCell>
                  <TableCell>{t('customerHistory.columns.item')}</TableCell>
                  <TableCell>{t('customerHistory.columns.sold')}</TableCell>
                  <TableCell align="right">{t('customerHistory.columns.price')}</TableCell>
                  <TableCell>{t('customerHistory.columns.warranty')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={`${item.saleId}-${item.itemId}`}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{item.serial}</TableCell>
                    <TableCell>{[item.itemTypeName, item.model].filter(Boolean).join(' · ')}</TableCell>
                    <TableCell>
                      {t('customerHistory.soldIn', {
                        date: formatDate(item.soldAt, i18n.language),
                        number: item.saleNumber ?? '—',
                      })}
                    </TableCell>
                    <TableCell align="right">{money(item.price)}</TableCell>
                    <TableCell>
                      <WarrantyState purchase={item} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {history.hasNextPage ? (
          <Button onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {t('customerHistory.more')}
          </Button>
        ) : null}
      </Section>
      <Section id="customer-returns" title={t('customerHistory.returns')}>
        {returns.length === 0 ? (
          <Typography color="text.secondary">{t('customerHistory.noReturns')}</Typography>
        ) : (
          <List dense aria-labelledby="customer-returns">
            {returns.map((item) => (
              <ListItem key={`${item.itemId}-${item.returnedAt}`} disableGutters divider>
                <ListItemText
                  primary={t('customerHistory.returned', {
                    serial: item.serial,
                    date: formatDateTime(item.returnedAt, i18n.language),
                  })}
                  secondary={item.note}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
    </>
  );
}
