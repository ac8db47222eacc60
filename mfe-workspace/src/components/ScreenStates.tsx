import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { errorMessage, toAppError } from '@stockwise/shared';
import { useT } from '@/i18n';

/** The HTTP status of a failed call, when there was an answer. */
export function statusOf(error: unknown): number | undefined {
  return error ? toAppError(error, '').status : undefined;
}

/** True when the API refused the caller (403): the screen says so instead of an error. */
export function isForbidden(error: unknown): boolean {
  return statusOf(error) === 403;
}

export function Loading({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{label ?? t('states.loading')}</Typography>
    </Box>
  );
}

export function Forbidden() {
  const { t } = useT();
  return (
    <Alert severity="warning" role="alert">
      {t('states.forbidden')}
    </Alert>
  );
}

/** A failed load: what went wrong in words, and Retry. A 403 is the forbidden state instead. */
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
      {errorMessage(error, t('states.loadFailed'))}
    </Alert>
  );
}
