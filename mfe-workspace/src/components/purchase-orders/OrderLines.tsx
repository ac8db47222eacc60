import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Paper } from '@mui/material';
import { useMoney } from '@stockwise/shared';
import type { PurchaseOrder } from '@/api/purchase-orders';
import { useT } from '@/i18n';

/** An order's lines as sent (the order page and reception against it): ordered, received and still due per model (the cost when the reader sees it). */
export function OrderLines({ order }: { order: PurchaseOrder }) {
  const { t } = useT();
  const money = useMoney();
  const costs = order.total !== undefined;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('orderLines.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('orderLines.model')}</TableCell>
            <TableCell align="right">{t('orderLines.quantity')}</TableCell>
            {costs ? <TableCell align="right">{t('orderLines.unitCost')}</TableCell> : null}
            <TableCell align="right">{t('orderLines.received')}</TableCell>
            <TableCell align="right">{t('orderLines.due')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.modelId} data-testid="po-line-row">
              <TableCell>{[line.brandName, line.modelName].filter(Boolean).join(' ')}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              {costs ? <TableCell align="right">{money(line.unitCost, order.currency)}</TableCell> : null}
              <TableCell align="right">{line.received}</TableCell>
              <TableCell align="right" data-testid="po-line-due">
                {line.due}
              </TableCell>
            </TableRow>
          ))}
          {costs ? (
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('orderLines.total')}</TableCell>
              <TableCell align="right">{order.quantity}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(order.total, order.currency)}
              </TableCell>
              <TableCell align="right">{order.received}</TableCell>
              <TableCell align="right">{order.quantity - order.received}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
