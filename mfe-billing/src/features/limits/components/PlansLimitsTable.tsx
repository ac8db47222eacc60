import { Alert, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useT } from '@/i18n';
import { useAddons, usePlans } from '@/api/catalog';
import { formatPrice, hasPremiumPlan, planName } from '@/lib/price-math';

/** Signed out: what each plan allows, and what the add-ons add. */
export function PlansLimitsTable() {
  const { t } = useT();
  const plans = usePlans();
  const addons = useAddons();
  if (plans.isPending) return null;
  if (!hasPremiumPlan(plans.data)) return <Alert severity="info">{t('pricing.notAvailable')}</Alert>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('limits.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('limits.planColumn')}</TableCell>
            <TableCell align="right">{t('limits.usersColumn')}</TableCell>
            <TableCell align="right">{t('limits.locationsColumn')}</TableCell>
            <TableCell align="right">{t('limits.priceColumn')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(plans.data ?? []).map((plan) => (
            <TableRow key={plan.planId}>
              <TableCell component="th" scope="row">
                {planName(plan)}
              </TableCell>
              <TableCell align="right">{plan.maxUsers}</TableCell>
              <TableCell align="right">{plan.maxLocations}</TableCell>
              <TableCell align="right">
                {plan.monthlyPrice > 0
                  ? `${formatPrice(plan.monthlyPrice)}${t('pricing.perMonth')} · ${formatPrice(plan.yearlyPrice)}${t('pricing.perYear')}`
                  : t('limits.free')}
              </TableCell>
            </TableRow>
          ))}
          {(addons.data ?? []).map((addon) => (
            <TableRow key={addon.addonId}>
              <TableCell component="th" scope="row">
                {addon.addonName}
              </TableCell>
              <TableCell align="right">{addon.type === 'users' ? `+${addon.units}` : '—'}</TableCell>
              <TableCell align="right">{addon.type === 'locations' ? `+${addon.units}` : '—'}</TableCell>
              <TableCell align="right">
                {t('pricing.addonPrice', { price: formatPrice(addon.price), period: addon.billingPeriod })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
