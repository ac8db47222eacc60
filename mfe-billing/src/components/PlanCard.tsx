import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useT } from '@/i18n';
import type { PlanSelection, SelectedBilling } from '@/lib/plan-selection';
import { formatPrice, showDiscountBadge } from '@/lib/price-math';
import { FeatureList } from './FeatureList';

/**
 * One plan: name, subtitle, its monthly and its yearly price (with the yearly saving), features,
 * its action. Both prices are in the markup, each marked `data-billing`: the price list's switch
 * shows one by CSS (BillingRadios), so that it works before the application runs.
 */
export function PlanCard({
  selection,
  free,
  highlighted,
  action,
}: {
  selection: PlanSelection;
  free: boolean;
  highlighted: boolean;
  action: { label: string; onClick: () => void; disabled?: boolean };
}) {
  const { t } = useT();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={selection.name}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderWidth: highlighted ? 2 : 1,
        borderColor: highlighted ? 'primary.main' : 'divider',
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {selection.name}
          </Typography>
          {highlighted ? <Chip size="small" color="primary" label={t('pricing.popular')} /> : null}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {selection.subtitle}
        </Typography>
        {(['monthly', 'yearly'] as const).map((billing) => (
          <PlanPrice key={billing} selection={selection} billing={billing} free={free} />
        ))}
        <FeatureList features={selection.features} sx={{ mt: 1 }} />
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Button
          fullWidth
          size="large"
          variant={highlighted ? 'contained' : 'outlined'}
          onClick={action.onClick}
          disabled={action.disabled}
        >
          {action.label}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The plan's price for one billing, with the yearly saving; hidden by CSS when the other is chosen. */
function PlanPrice({
  selection,
  billing,
  free,
}: {
  selection: PlanSelection;
  billing: SelectedBilling;
  free: boolean;
}) {
  const { t } = useT();
  const yearly = billing === 'yearly';
  const price = yearly ? selection.yearly : selection.monthly;
  const discount = selection.yearly.discountPercent;
  return (
    <div data-billing={billing}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="plan-price">
          {price.displayPrice}
        </Typography>
        <Typography color="text.secondary">{yearly ? t('pricing.perYear') : t('pricing.perMonth')}</Typography>
        {yearly && !free && showDiscountBadge(discount) ? (
          <Chip
            size="small"
            color="success"
            label={t('pricing.save', { percent: discount })}
            data-testid="discount-badge"
          />
        ) : null}
      </Stack>
      <Box sx={{ minHeight: 24, mt: 0.5 }}>
        {yearly && !free && selection.yearly.savings > 0 ? (
          <Typography variant="body2" color="success.main">
            {t('pricing.saving', { amount: formatPrice(selection.yearly.savings) })}
          </Typography>
        ) : null}
      </Box>
    </div>
  );
}
