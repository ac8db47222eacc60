import { Box, Card, CardContent, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import type { PlanUsage } from '@stockwise/shared';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '@/lib/format';
import { useT } from '../i18n';

function Limit({ label, used, max }: { label: string; used: number; max: number }) {
  const { t, i18n } = useT();
  const full = used >= max;
  const usage = t('dashboard.usage', {
    used: formatNumber(used, i18n.language),
    max: formatNumber(max, i18n.language),
  });
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
        <Typography>{label}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {full ? <Chip size="small" color="warning" label={t('dashboard.atLimit')} /> : null}
          <Typography sx={{ fontWeight: 600 }}>{usage}</Typography>
        </Stack>
      </Stack>
      <LinearProgress
        variant="determinate"
        aria-label={`${label}: ${usage}`}
        value={Math.min(100, max > 0 ? (used / max) * 100 : 100)}
        color={full ? 'warning' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** What the company uses of its plan's limits (users, locations), and where to raise them. */
export function PlanUsageCard({ usage }: { usage: PlanUsage }) {
  const { t } = useT();
  return (
    <Card variant="outlined" component="section" aria-label={t('dashboard.plan')} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('dashboard.plan')}
          </Typography>
          <Typography color="text.secondary">{usage.planName}</Typography>
        </Stack>
        <Stack spacing={2}>
          <Limit label={t('dashboard.users')} used={usage.users.used} max={usage.users.max} />
          <Limit label={t('dashboard.locations')} used={usage.locations.used} max={usage.locations.max} />
        </Stack>
        <Link
          component={RouterLink}
          to="/test-subscription-limit"
          variant="body2"
          sx={{ display: 'inline-block', mt: 2 }}
        >
          {t('dashboard.limits')}
        </Link>
      </CardContent>
    </Card>
  );
}
