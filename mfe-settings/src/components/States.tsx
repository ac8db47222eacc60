import { Alert, AlertTitle, Box, Button, CircularProgress, Typography } from '@mui/material';
import { errorMessage } from '@stockwise/shared';
import { useT } from '@/i18n';
import { isForbidden } from '@/lib/errors';

/** A screen (or a part of one) whose data is on its way. */
export function Loading({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{label ?? t('states.loading')}</Typography>
    </Box>
  );
}

/** The caller's roles do not reach this data (the API answered 403): said plainly, no Retry. */
export function Forbidden() {
  const { t } = useT();
  return (
    <Alert severity="info" role="alert" data-testid="forbidden">
      <AlertTitle>{t('states.forbiddenTitle')}</AlertTitle>
      {t('states.forbiddenBody')}
    </Alert>
  );
}

/** A failed load: what the API said (or that it could not be loaded) and a Retry; a 403 is Forbidden. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  if (isForbidden(error)) return <Forbidden />;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      }
    >
      {errorMessage(error, t('states.loadError'))}
    </Alert>
  );
}
