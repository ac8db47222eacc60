import { Alert, Button, Card, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { PlanUsage } from '@stockwise/shared';
import { useT } from '@/i18n';
import { formatBytes } from '@/lib/bytes';
import { planName } from '@/lib/price-math';

function UsageCard({
  label,
  hint,
  used,
  max,
  shown = (n) => n,
  atLimit,
  canUpgrade,
}: {
  label: string;
  hint?: string;
  used: number;
  max: number;
  /** How a figure reads (a count as is; bytes as “12.5 MB”). */
  shown?: (n: number) => string | number;
  /** What to do at the limit. */
  atLimit: string;
  canUpgrade: boolean;
}) {
  const { t } = useT();
  const full = used >= max;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label={label}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 1 }} data-testid={`usage-${label}`}>
          {t('limits.usage', { used: shown(used), max: shown(max) })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, max > 0 ? (used / max) * 100 : 100)}
          color={full ? 'warning' : 'primary'}
          sx={{ height: 8, borderRadius: 4 }}
        />
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
        {full ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {atLimit}
            {canUpgrade ? (
              <Button
                component={RouterLink}
                to="/premium-purchase"
                size="small"
                sx={{ display: 'block', mt: 1, px: 0 }}
              >
                {t('limits.upgrade')}
              </Button>
            ) : null}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The company's limits and usage (signed in). */
export function UsageCards({ usage }: { usage: PlanUsage }) {
  const { t, i18n } = useT();
  const free = usage.planType === 0;
  const bytes = (n: number) => formatBytes(n, i18n.language);
  return (
    <Stack spacing={2}>
      <Typography>
        {t('limits.plan')}: <strong data-testid="current-plan">{planName(usage)}</strong>
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <UsageCard
            label={t('limits.users')}
            hint={t('limits.usersHint')}
            used={usage.users.used}
            max={usage.users.max}
            atLimit={t('limits.atLimit', { addon: t('limits.addonUsers') })}
            canUpgrade={free}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <UsageCard
            label={t('limits.locations')}
            used={usage.locations.used}
            max={usage.locations.max}
            atLimit={t('limits.atLimit', { addon: t('limits.addonLocations') })}
            canUpgrade={free}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <UsageCard
            label={t('limits.storage')}
            hint={t('limits.storageHint')}
            used={usage.storage.used}
            max={usage.storage.max}
            shown={bytes}
            atLimit={free ? t('limits.storageFullFree') : t('limits.storageFull')}
            canUpgrade={free}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
