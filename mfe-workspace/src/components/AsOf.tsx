import { Typography } from '@mui/material';
import { useT } from '@/i18n';

/**
 * "As of 12:03:05" under a report or the dashboard: the API may read them from a standby database,
 * a few seconds behind at most, and says up to which moment the figures hold (`asOf`). The time is
 * the viewer's local clock time, to the second (a live figure refreshes within seconds).
 */
export function AsOf({ at }: { at: string }) {
  const { t, i18n } = useT();
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(at),
  );
  return (
    <Typography
      variant="caption"
      component="p"
      color="text.secondary"
      title={t('asOf.hint')}
      data-testid="as-of"
      sx={{ mb: 1 }}
    >
      {t('asOf.label', { time })}
    </Typography>
  );
}
