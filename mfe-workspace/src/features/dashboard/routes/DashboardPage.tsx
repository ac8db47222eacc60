import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { resourceKey, useMoney } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { StatusKey } from '@/api/inventory';
import { getDashboard, type Dashboard } from '@/api/reports';
import { AlertsCard } from '@/components/AlertsCard';
import { BarsChart, ShareChart } from '@/components/charts';
import { AsOf } from '@/components/AsOf';
import { Answer, ReportFrame } from '@/components/ReportFrame';
import { useStatusName } from '@/components/StatusChip';
import { urlFilter, useUrlFilters } from '@/hooks/useUrlFilters';
import { formatNumber } from '@/lib/format';
import { FirstSteps } from '../components/FirstSteps';
import { KpiCard } from '../components/KpiCard';
import { PlanUsageCard } from '../components/PlanUsageCard';
import { SalesCard } from '../components/SalesCard';
import { useT } from '../i18n';

const FILTERS = { sales: urlFilter.oneOf(['days', 'weeks'] as const) };
const GONE: StatusKey[] = ['sold', 'scrapped', 'lost'];

/**
 * /dashboard: the owner's figures and charts, one call (GET /api/dashboard). Its query key starts
 * with the `dashboard` resource, which the live stream names after every sale and item change, so
 * the figures refresh on their own.
 */
export function DashboardPage() {
  const { t } = useT();
  const dashboard = useQuery({ queryKey: resourceKey('dashboard'), queryFn: getDashboard });
  return (
    <ReportFrame title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} permission="dashboard.view">
      <Answer query={dashboard}>
        {(data) => (
          <>
            <AsOf at={data.asOf} />
            <DashboardView data={data} />
          </>
        )}
      </Answer>
    </ReportFrame>
  );
}

function DashboardView({ data }: { data: Dashboard }) {
  const { t, i18n } = useT();
  const language = i18n.language;
  const money = useMoney();
  const statusName = useStatusName();
  const { values, set } = useUrlFilters(FILTERS);
  const number = (value: number) => formatNumber(value, language);
  const last30 = data.salesPerDay.reduce(
    (sum, day) => ({ sales: sum.sales + day.sales, total: sum.total + day.total }),
    { sales: 0, total: 0 },
  );
  const locations = data.stock.byLocation.filter((row) => row.items > 0);
  // Stock is what the company holds: sold and scrapped items are not in it (the held figure, the locations).
  const statuses = data.stock.byStatus.filter((row) => row.items > 0 && !GONE.includes(row.status));

  return (
    <Stack spacing={3}>
      <FirstSteps done={data.firstSteps} />
      <AlertsCard />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <KpiCard label={t('dashboard.held')} value={number(data.stock.held)} hint={t('dashboard.heldHint')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <KpiCard
            label={t('dashboard.inProcess')}
            value={number(data.itemsInProcess)}
            link={{ to: '/item-status/item-manager?status=in_process', text: t('dashboard.inProcessLink') }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <KpiCard
            label={t('dashboard.warranties')}
            value={number(data.warrantiesEndingIn30Days)}
            link={{ to: '/reporting/warranty-list?within=30&ended=0', text: t('dashboard.warrantiesLink') }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <KpiCard
            label={t('dashboard.sales30')}
            value={money(last30.total)}
            hint={t('dashboard.salesCount', { count: last30.sales })}
          />
        </Grid>
      </Grid>

      {data.stock.held === 0 ? (
        <Card variant="outlined">
          <CardContent sx={{ textAlign: 'center', py: 4 }}>
            <Typography sx={{ fontWeight: 600, mb: 2 }}>{t('dashboard.noStock')}</Typography>
            <Button component={RouterLink} to="/actions/inventory-reception" variant="contained">
              {t('states.receiveFirst')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card variant="outlined" component="section" aria-label={t('dashboard.byLocation')} sx={{ height: '100%' }}>
              <CardContent>
                <BarsChart
                  title={t('dashboard.byLocation')}
                  horizontal
                  categories={locations.map((row) => row.locationName)}
                  series={[{ id: 'items', label: t('dashboard.held'), data: locations.map((row) => row.items) }]}
                  format={number}
                />
                <Figures
                  rows={locations.map((row) => ({
                    key: row.locationId,
                    label: row.locationName,
                    value: number(row.items),
                  }))}
                />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card variant="outlined" component="section" aria-label={t('dashboard.byStatus')} sx={{ height: '100%' }}>
              <CardContent>
                <ShareChart
                  title={t('dashboard.byStatus')}
                  slices={statuses.map((row) => ({ id: row.status, label: statusName(row.status), value: row.items }))}
                  format={number}
                />
                <Figures
                  rows={statuses.map((row) => ({
                    key: row.status,
                    label: statusName(row.status),
                    value: number(row.items),
                  }))}
                />
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <SalesCard
            dashboard={data}
            period={values.sales ?? 'days'}
            onPeriod={(sales) => set({ sales: sales === 'days' ? undefined : sales })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <PlanUsageCard usage={data.planUsage} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** The chart's numbers as text: a person reads the figure, a screen reader hears it. */
function Figures({ rows }: { rows: { key: string; label: string; value: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
    >
      {rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
