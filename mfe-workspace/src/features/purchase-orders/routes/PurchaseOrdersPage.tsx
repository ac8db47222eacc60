import {
  Box,
  Button,
  Container,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { resourceKey, useAccess, useMoney } from '@stockwise/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Customer } from '@/api/inventory';
import { listPurchaseOrders, type PurchaseOrderQuery } from '@/api/purchase-orders';
import { CustomerPicker } from '@/components/CustomerPicker';
import { ExportMenu } from '@/components/ExportMenu';
import { LoadError, Loading } from '@/components/ScreenStates';
import { formatDateTime } from '@/lib/format';
import { StatusChip } from '../components/StatusChip';
import { useT } from '../i18n';

export const LIST_PATH = '/actions/purchase-orders';
/** The order page (the screen table's path): a new draft without an id. */
export const orderPath = (id?: string) =>
  id ? `/actions/purchase-order?id=${encodeURIComponent(id)}` : '/actions/purchase-order';

const STATUSES = ['open', 'draft', 'sent', 'partly_received', 'received', 'cancelled'] as const;

/**
 * /actions/purchase-orders: the company's orders, newest first, by status and vendor, paged as the
 * API pages them; a new order for who buys. Live: a reception against an order moves it here too.
 */
export function PurchaseOrdersPage() {
  const { t, i18n } = useT();
  const access = useAccess();
  const money = useMoney();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PurchaseOrderQuery['status'] | ''>('');
  const [vendor, setVendor] = useState<Customer | null>(null);
  const filters: PurchaseOrderQuery = { status: status || undefined, vendorId: vendor?.id };
  const orders = useInfiniteQuery({
    queryKey: resourceKey('purchase-orders', filters),
    queryFn: ({ pageParam }) => listPurchaseOrders({ ...filters, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const rows = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(status || vendor);

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader
        title={t('purchaseOrders.title')}
        subtitle={t('purchaseOrders.subtitle')}
        actions={
          <Stack direction="row" spacing={1}>
            <ExportMenu path="/api/purchase-orders" params={filters} name="purchase-orders" label={t('export.menu')} />
            {access.can('purchasing.manage') ? (
              <Button variant="contained" component={RouterLink} to={orderPath()}>
                {t('purchaseOrders.new')}
              </Button>
            ) : null}
          </Stack>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('purchaseOrders.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value as PurchaseOrderQuery['status'] | '')}
            sx={{ minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'po-status-filter' } }}
          >
            <MenuItem value="">{t('purchaseOrders.anyStatus')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`purchaseOrders.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }}>
            <CustomerPicker kind="vendor" value={vendor} onChange={setVendor} label={t('purchaseOrders.vendor')} />
          </Box>
        </Stack>
      </Paper>
      {orders.isPending ? <Loading /> : null}
      {orders.isError ? <LoadError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      {orders.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">
          {filtered ? t('purchaseOrders.noneMatch') : t('purchaseOrders.none')}
        </Typography>
      ) : null}
      {rows.length ? (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('purchaseOrders.title')}>
            {rows.map((order) => (
              <ListItemButton key={order.id} divider onClick={() => navigate(orderPath(order.id))} data-testid="po-row">
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {order.reference}
                      </Box>
                      <Box component="span">{order.vendorName}</Box>
                      <StatusChip status={order.status} />
                    </Stack>
                  }
                  secondary={[
                    t('purchaseOrders.counts', { received: order.received, quantity: order.quantity }),
                    order.total === undefined ? null : money(order.total, order.currency),
                    t('purchaseOrders.created', {
                      date: formatDateTime(order.createdAt, i18n.language),
                      user: order.createdBy ?? '—',
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      {orders.hasNextPage ? (
        <Button sx={{ mt: 2 }} onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
          {t('purchaseOrders.more')}
        </Button>
      ) : null}
    </Container>
  );
}
