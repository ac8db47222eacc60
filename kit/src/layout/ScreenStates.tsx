import { Alert, AlertTitle, Box, Button, CircularProgress, Typography } from '@mui/material';
import { errorMessage, toAppError, useCommonT } from '@stockwise/shared';

// The states every screen shares: on its way, refused, failed. One copy for every remote.

/** The HTTP status of a failed call, when there was an answer. */
export function statusOf(error: unknown): number | undefined {
  return error ? toAppError(error, '').status : undefined;
}

/**
 * A 403 about the caller's roles (the screen says so instead of an error). A plan limit is a 403
 * too (PLAN_LIMIT_*), but it has its own notice with the way to Premium, so it is not this.
 */
export function isForbidden(error: unknown): boolean {
  if (!error) return false;
  const { status, code } = toAppError(error, '');
  return status === 403 && !code?.startsWith('PLAN_LIMIT');
}

/** A screen (or a part of one) whose data is on its way. */
export function Loading({ label }: { label?: string }) {
  const { t } = useCommonT();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{label ?? t('states.loading')}</Typography>
    </Box>
  );
}

/** The caller's roles do not reach this data (the API answered 403): said plainly, no Retry. */
export function Forbidden() {
  const { t } = useCommonT();
  return (
    <Alert severity="info" role="alert" data-testid="forbidden">
      <AlertTitle>{t('states.forbiddenTitle')}</AlertTitle>
      {t('states.forbiddenBody')}
    </Alert>
  );
}

/** A failed load: what the API said (or that it could not be loaded) and a Retry; a 403 is Forbidden. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useCommonT();
  if (isForbidden(error)) return <Forbidden />;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {errorMessage(error, t('states.loadError'))}
    </Alert>
  );
}
