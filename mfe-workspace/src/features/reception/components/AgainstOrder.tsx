import { Grid, Paper, Stack, TextField, MenuItem, Typography } from '@mui/material';
import { resourceKey } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { getPurchaseOrder, listPurchaseOrders, type PurchaseOrder } from '@/api/purchase-orders';
import { OrderLines } from '@/components/purchase-orders/OrderLines';
import { useT } from '../i18n';

/** What a reception against an order receives: the order and the line (its model). */
export interface Against {
  orderId: string;
  modelId: string;
}

/**
 * Reception against a purchase order: pick an open one (sent or partly received) and the line
 * being received; the order's lines show what is still due, live as others receive against it.
 */
export function AgainstOrder({
  value,
  onChange,
}: {
  value: Against;
  /** The order and line chosen; the order itself once it is loaded (it fills the reception's details). */
  onChange: (next: Against, order: PurchaseOrder | null) => void;
}) {
  const { t } = useT();
  const open = useQuery({
    queryKey: resourceKey('purchase-orders', { status: 'open' }),
    queryFn: () => listPurchaseOrders({ status: 'open', limit: 100 }),
  });
  const order = useQuery({
    queryKey: resourceKey('purchase-orders', { id: value.orderId }),
    queryFn: () => getPurchaseOrder(value.orderId),
    enabled: Boolean(value.orderId),
  });
  const orders = open.data?.items ?? [];
  // Nothing open and none asked for: reception is as it always was.
  if (!value.orderId && orders.length === 0) return null;
  const chosen = order.data;
  const dueLines = chosen?.lines.filter((l) => l.due > 0) ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reception-order">
      <Typography id="reception-order" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('reception.againstOrder')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            fullWidth
            label={t('reception.order')}
            value={value.orderId}
            onChange={(event) => onChange({ orderId: event.target.value, modelId: '' }, null)}
            slotProps={{ htmlInput: { 'data-testid': 'reception-order' } }}
          >
            <MenuItem value="">{t('reception.noOrder')}</MenuItem>
            {/* An order asked for by link but no longer open still shows what it is. */}
            {chosen && !orders.some((o) => o.id === chosen.id) ? (
              <MenuItem value={chosen.id}>{`${chosen.reference} · ${chosen.vendorName}`}</MenuItem>
            ) : null}
            {orders.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {`${o.reference} · ${o.vendorName}`}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {chosen ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              required
              label={t('reception.orderLine')}
              value={value.modelId}
              onChange={(event) => onChange({ orderId: chosen.id, modelId: event.target.value }, chosen)}
              helperText={dueLines.length ? t('reception.orderLineHelp') : t('reception.nothingDue')}
              slotProps={{ htmlInput: { 'data-testid': 'reception-order-line' } }}
            >
              {dueLines.map((l) => (
                <MenuItem key={l.modelId} value={l.modelId}>
                  {t('reception.lineDue', {
                    model: [l.brandName, l.modelName].filter(Boolean).join(' '),
                    due: l.due,
                    quantity: l.quantity,
                  })}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        ) : null}
      </Grid>
      {chosen ? (
        <Stack sx={{ mt: 2 }}>
          <OrderLines order={chosen} />
        </Stack>
      ) : null}
    </Paper>
  );
}
