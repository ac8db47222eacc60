import { Chip } from '@mui/material';
import type { PurchaseOrderStatus } from '@/api/purchase-orders';
import { useT } from '../i18n';

const COLORS = {
  draft: 'default',
  sent: 'primary',
  partly_received: 'warning',
  received: 'success',
  cancelled: 'default',
} as const;

/** An order's status as a chip: what is still to come stands out, what is done is green. */
export function StatusChip({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useT();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`purchaseOrders.statuses.${status}`)}
      data-testid="po-status"
    />
  );
}
