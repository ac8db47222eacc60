import { Alert, AlertTitle, Link, List, ListItem, Stack } from '@mui/material';
import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { getAlerts } from '@/api/reports';
import { useT } from '@/i18n';

/**
 * What needs attention (GET /api/alerts: models below their reorder point, overdue loans), on the
 * dashboard and in My Tasks, for who holds an alert's claim; nothing at all when there is nothing.
 * Its key starts with `dashboard`, which the live stream names after every sale and item change:
 * a sale that takes a model below its point shows here without a reload.
 */
export function AlertsCard() {
  const { t } = useT();
  const access = useAccess();
  const allowed = access.known && (access.can('stock.reorder') || access.can('items.lend'));
  const alerts = useQuery({ queryKey: resourceKey('dashboard', 'alerts'), queryFn: getAlerts, enabled: allowed });
  const groups = alerts.data?.items ?? [];
  if (!allowed || !groups.length) return null;
  return (
    <Alert severity="warning" component="section" role="region" aria-label={t('alerts.title')}>
      <AlertTitle>{t('alerts.title')}</AlertTitle>
      <List dense disablePadding>
        {groups.map((group) => (
          <ListItem key={group.kind} disableGutters>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }}>
              <span>{t(`alerts.${group.kind}`, { count: group.count })}</span>
              <Link component={RouterLink} to={group.path}>
                {t('alerts.seeAll')}
              </Link>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
