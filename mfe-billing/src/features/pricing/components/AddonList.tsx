import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useT } from '@/i18n';
import { useAddons } from '@/api/catalog';
import { formatPrice } from '@/lib/price-math';

/** The add-ons of the price list (GET /api/subscription/addons). */
export function AddonList() {
  const { t } = useT();
  const addons = useAddons();
  if (!addons.data?.length) return null;
  return (
    <section aria-labelledby="addons-title">
      <Typography id="addons-title" variant="h5" component="h2" sx={{ fontWeight: 700, mt: 6 }}>
        {t('pricing.addonsTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('pricing.addonsSubtitle')}
      </Typography>
      <Grid container spacing={2}>
        {addons.data.map((addon) => (
          <Grid key={addon.addonId} size={{ xs: 12, sm: 6 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {addon.addonName}
                </Typography>
                <Typography color="text.secondary">
                  {t('pricing.addonPrice', { price: formatPrice(addon.price), period: addon.billingPeriod })}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
