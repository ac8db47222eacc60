import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { BillingSwitch } from '@/components/BillingSwitch';
import { formatPrice, showDiscountBadge } from '@/lib/price-math';
import { chosenPrice, type PlanSelection, type SelectedBilling } from '@/lib/plan-selection';
import { FeatureList } from '@/components/FeatureList';

/** Spec §2's purchase page body: the selection, its billing, the price and the guarantee. */
export function OrderSummary({
  selection,
  onBillingChange,
  children,
}: {
  selection: PlanSelection;
  onBillingChange: (billing: SelectedBilling) => void;
  /** The action area: pay, sign in first, or why not. */
  children: ReactNode;
}) {
  const { t } = useT();
  const price = chosenPrice(selection);
  const yearly = selection.selectedBilling === 'yearly';
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {selection.name}
          </Typography>
          <Typography color="text.secondary">{selection.subtitle}</Typography>
          <Typography variant="subtitle2" sx={{ mt: 3 }}>
            {t('purchase.features')}
          </Typography>
          <FeatureList features={selection.features} />
        </CardContent>
      </Card>
      <Card variant="outlined" sx={{ flex: 1 }}>
        <CardContent>
          <Stack spacing={2.5}>
            <BillingSwitch
              value={selection.selectedBilling}
              onChange={onBillingChange}
              discountPercent={selection.yearly.discountPercent}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="purchase-price">
                {price.displayPrice}
              </Typography>
              <Typography color="text.secondary">{yearly ? t('pricing.perYear') : t('pricing.perMonth')}</Typography>
              {yearly && showDiscountBadge(selection.yearly.discountPercent) ? (
                <Chip
                  color="success"
                  size="small"
                  label={t('pricing.save', { percent: selection.yearly.discountPercent })}
                  data-testid="discount-badge"
                />
              ) : null}
            </Stack>
            {yearly && selection.yearly.savings > 0 ? (
              <Typography color="success.main" sx={{ mt: -1.5 }}>
                {t('pricing.saving', { amount: formatPrice(selection.yearly.savings) })}{' '}
                <Box component="s" sx={{ color: 'text.secondary' }}>
                  {formatPrice(selection.yearly.originalPrice)}
                </Box>
              </Typography>
            ) : null}
            <Divider />
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600 }}>{t('purchase.total')}</Typography>
              <Typography sx={{ fontWeight: 600 }}>{formatPrice(price.actualPrice / 100)}</Typography>
            </Stack>
            {children}
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}
            >
              <LockOutlined fontSize="small" />
              <Typography variant="body2" data-testid="guarantee">
                {t('purchase.guarantee')}
              </Typography>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
