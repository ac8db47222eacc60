import { useMoney } from '@stockwise/shared';
import { Card, CardContent, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { TrendChart } from '@/components/charts';
import { formatCompact, formatDay } from '@/lib/format';
import type { Dashboard } from '@/api/reports';
import { useT } from '../i18n';

export type SalesPeriod = 'days' | 'weeks';

/** Revenue per day (30 days) or per week (12 weeks): the chart, and the period's totals as text. */
export function SalesCard({
  dashboard,
  period,
  onPeriod,
}: {
  dashboard: Dashboard;
  period: SalesPeriod;
  onPeriod: (period: SalesPeriod) => void;
}) {
  const { t, i18n } = useT();
  const language = i18n.language;
  const money = useMoney();
  const points = period === 'weeks' ? dashboard.salesPerWeek : dashboard.salesPerDay;
  const count = points.reduce((sum, point) => sum + point.sales, 0);
  const total = points.reduce((sum, point) => sum + point.total, 0);
  const title = period === 'weeks' ? t('dashboard.salesPerWeek') : t('dashboard.salesPerDay');
  return (
    <Card variant="outlined" component="section" aria-label={t('dashboard.sales')}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('dashboard.sales')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            aria-label={t('dashboard.period')}
            onChange={(_, value: SalesPeriod | null) => value && onPeriod(value)}
          >
            <ToggleButton value="days">{t('dashboard.days')}</ToggleButton>
            <ToggleButton value="weeks">{t('dashboard.weeks')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Typography sx={{ mb: 1 }}>
          {t('dashboard.salesCount', { count })} · {money(total)}
        </Typography>
        {count === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('dashboard.noSales')}
          </Typography>
        ) : (
          <TrendChart
            title={title}
            labels={points.map((point) => formatDay(point.start, language))}
            values={points.map((point) => point.total)}
            seriesLabel={t('dashboard.revenue')}
            format={(value) => money(value)}
            axisFormat={(value) => formatCompact(value, language)}
          />
        )}
      </CardContent>
    </Card>
  );
}
