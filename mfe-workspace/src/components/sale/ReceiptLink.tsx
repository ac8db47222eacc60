import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '@/i18n';

/** Where a sale's printable receipt opens (the receipt screen, by the sale's id). */
export const receiptPath = (saleId: string) => `/actions/receipt?sale=${encodeURIComponent(saleId)}`;

/** "Receipt" for a sale just made or found in a history: opens its printable page. */
export function ReceiptLink({
  saleId,
  number,
  variant = 'text',
}: {
  saleId: string;
  number: number;
  variant?: 'text' | 'outlined';
}) {
  const { t } = useT();
  return (
    <Button
      component={RouterLink}
      to={receiptPath(saleId)}
      size="small"
      variant={variant}
      startIcon={<ReceiptLongOutlined />}
      aria-label={t('sale.receiptLink', { number })}
    >
      {t('sale.openReceipt')}
    </Button>
  );
}
