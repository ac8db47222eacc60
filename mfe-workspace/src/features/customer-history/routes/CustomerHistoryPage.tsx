import {
  Box,
  Button,
  Chip,
  Collapse,
  Container,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { EmptyState, PageHeader } from '@stockwise/kit';
import { call, resourceKey, useAccess, useMoney, type ApiResponse } from '@stockwise/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Customer } from '@/api/inventory';
import { CustomerPicker } from '@/components/CustomerPicker';
import { LoadError, Loading } from '@/components/ScreenStates';
import { ReturnLineButton, SaleOutcomeActions } from '@/components/returns';
import { formatDate, formatDateTime } from '@/lib/format';
import { ReceiptLink } from '@/components/sale/ReceiptLink';
import { CustomerRecord } from '../components/CustomerRecord';
import { useT } from '../i18n';

type SalePage = ApiResponse<'listSales'>;
type SaleSummary = SalePage['items'][number];

const listSales = (customerId: string, cursor?: string) =>
  call('GET', '/api/sales', { query: { customerId, cursor, limit: 25, sort: 'newest' } });
const getSale = (id: string) => call('GET', '/api/sales/{id}', { params: { id } });
const getCustomer = (id: string): Promise<Customer> => call('GET', '/api/customers/{id}', { params: { id } });

function SaleLines({ id }: { id: string }) {
  const { t, i18n } = useT();
  const money = useMoney();
  const sale = useQuery({ queryKey: resourceKey('sales', id), queryFn: () => getSale(id) });
  const [now] = useState(() => Date.now());
  if (sale.isPending) return <Loading />;
  if (sale.isError) return <LoadError error={sale.error} onRetry={() => void sale.refetch()} />;
  return (
    <List dense sx={{ pl: 2 }}>
      <ListItem disableGutters>
        <SaleOutcomeActions sale={sale.data} />
        <ReceiptLink saleId={sale.data.id} number={sale.data.number} />
      </ListItem>
      {sale.data.lines.map((line) => {
        const ends = line.warrantyEndsAt;
        const date = formatDate(ends, i18n.language);
        return (
          <ListItem key={line.line} disableGutters secondaryAction={<ReturnLineButton sale={sale.data} line={line} />}>
            <ListItemText
              primary={
                // A line of a model tracked by quantity has no serial (nor a warranty): "3 × USB-C cable".
                line.itemId
                  ? `${line.serial} · ${money(line.total, sale.data.currency)}`
                  : t('customerHistory.quantityLine', {
                      quantity: line.quantity,
                      model: [line.brandName, line.model].filter(Boolean).join(' '),
                      total: money(line.total, sale.data.currency),
                    })
              }
              secondary={
                line.returnedAt
                  ? line.modelId && line.returnedQuantity < line.quantity
                    ? t('customerHistory.lineReturnedPart', {
                        returned: line.returnedQuantity,
                        quantity: line.quantity,
                        date: formatDate(line.returnedAt, i18n.language),
                      })
                    : t('customerHistory.lineReturned', { date: formatDate(line.returnedAt, i18n.language) })
                  : !line.itemId
                    ? null
                    : !ends
                      ? t('customerHistory.noWarranty')
                      : new Date(ends).getTime() > now
                        ? t('customerHistory.warrantyActive', { date })
                        : t('customerHistory.warrantyEnded', { date })
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * /customers/history: one customer (`?customer=`, deactivated ones too): their totals, every item
 * they bought with its warranty, their returns, and their sales with each sale's lines.
 */
export function CustomerHistoryPage() {
  const { t, i18n } = useT();
  const money = useMoney();
  const [search, setSearch] = useSearchParams();
  const customerId = search.get('customer') ?? '';
  const access = useAccess();
  const [picked, setPicked] = useState<Customer | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const customer = useQuery({
    queryKey: resourceKey('customers', customerId),
    queryFn: () => getCustomer(customerId),
    enabled: Boolean(customerId) && picked?.id !== customerId,
  });
  const sales = useInfiniteQuery({
    queryKey: resourceKey('sales', { customerId }),
    queryFn: ({ pageParam }) => listSales(customerId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(customerId),
  });
  const current = picked?.id === customerId ? picked : (customer.data ?? null);

  const rows: SaleSummary[] = sales.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader title={t('customerHistory.title')} subtitle={t('customerHistory.subtitle')} />
      <Stack spacing={2}>
        <CustomerPicker
          label={t('customerHistory.customer')}
          includeInactive
          value={current}
          onChange={(next) => {
            setPicked(next);
            setOpen(null);
            setSearch(next ? new URLSearchParams({ customer: next.id }) : new URLSearchParams());
          }}
        />
        {current && !current.active ? (
          <Box>
            <Chip label={t('customerHistory.inactive')} />
          </Box>
        ) : null}
        {/* A seller opens this screen without customers.view: the record is theirs to see only with
            it. When the access answer cannot be read the API, which checks the call, decides. */}
        {customerId && (access.unavailable || access.can('customers.view')) ? (
          <CustomerRecord customerId={customerId} />
        ) : null}
        {!customerId ? (
          <Typography color="text.secondary">{t('customerHistory.choose')}</Typography>
        ) : sales.isPending ? (
          <Loading />
        ) : sales.isError ? (
          <LoadError error={sales.error} onRetry={() => void sales.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('customerHistory.none')} />
        ) : (
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="customer-purchases">
            <Typography id="customer-purchases" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('customerHistory.purchases')}
            </Typography>
            <List aria-labelledby="customer-purchases">
              {rows.map((sale) => (
                <ListItem key={sale.id} divider sx={{ display: 'block', px: 0 }}>
                  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between' }}>
                    <Box>
                      <Typography component="h3" sx={{ fontWeight: 600 }}>
                        {t('customerHistory.sale', { number: sale.number })}{' '}
                        {sale.voidedAt ? <Chip size="small" color="error" label={t('customerHistory.voided')} /> : null}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('customerHistory.saleLine', {
                          date: formatDateTime(sale.createdAt, i18n.language),
                          total: money(sale.total, sale.currency),
                          seller: sale.sellerName,
                        })}
                      </Typography>
                    </Box>
                    <Button
                      size="small"
                      aria-expanded={open === sale.id}
                      onClick={() => setOpen(open === sale.id ? null : sale.id)}
                    >
                      {open === sale.id
                        ? t('customerHistory.hideLines', { number: sale.number })
                        : t('customerHistory.showLines', { number: sale.number })}
                    </Button>
                  </Stack>
                  <Collapse in={open === sale.id} unmountOnExit>
                    <SaleLines id={sale.id} />
                  </Collapse>
                </ListItem>
              ))}
            </List>
            {sales.hasNextPage ? (
              <Button onClick={() => void sales.fetchNextPage()} disabled={sales.isFetchingNextPage}>
                {t('customerHistory.more')}
              </Button>
            ) : null}
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
