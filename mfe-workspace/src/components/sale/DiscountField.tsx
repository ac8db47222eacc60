import { TextField } from '@mui/material';
import { useT } from '@/i18n';
import type { Discounts } from './useDiscounts';

/** A line's discount (an amount) beside its price; red when above the price or not an amount. */
export function DiscountField({
  discounts,
  itemId,
  price,
  label,
  size,
  onEnter,
}: {
  discounts: Discounts;
  itemId: string;
  price: number | null;
  label?: string;
  size?: 'small' | 'medium';
  onEnter?: () => void;
}) {
  const { t } = useT();
  const invalid = !discounts.valid(itemId, price);
  return (
    <TextField
      size={size}
      label={label ?? t('sale.discount')}
      value={discounts.text(itemId)}
      onChange={(event) => discounts.set(itemId, event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && onEnter) {
          event.preventDefault();
          onEnter();
        }
      }}
      error={invalid}
      helperText={invalid ? t('sale.discountInvalid') : ' '}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 140 }}
    />
  );
}
