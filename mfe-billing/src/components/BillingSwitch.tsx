import { Chip, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useT } from '@/i18n';
import type { SelectedBilling } from '@/lib/plan-selection';
import { showDiscountBadge } from '@/lib/price-math';

/** The monthly / yearly switch; the yearly side carries the discount badge when there is one. */
export function BillingSwitch({
  value,
  onChange,
  discountPercent,
}: {
  value: SelectedBilling;
  onChange: (value: SelectedBilling) => void;
  discountPercent: number;
}) {
  const { t } = useT();
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      size="small"
      value={value}
      onChange={(_e, next: SelectedBilling | null) => next && onChange(next)}
      aria-label={t('pricing.billing')}
    >
      <ToggleButton value="monthly" sx={{ px: 2.5 }}>
        {t('pricing.monthly')}
      </ToggleButton>
      <ToggleButton value="yearly" sx={{ px: 2.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{t('pricing.yearly')}</span>
          {showDiscountBadge(discountPercent) ? (
            <Chip
              size="small"
              color="success"
              label={t('pricing.save', { percent: discountPercent })}
              sx={{ height: 20 }}
            />
          ) : null}
        </Stack>
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
