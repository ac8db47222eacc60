import { Alert, AlertTitle, Box, Button, CircularProgress } from '@mui/material';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { ChunkTimeoutError, LAZY_CHUNK_TIMEOUT_MS, withTimeout } from '@stockwise/shared';
import { useT } from '@/i18n';
import { loadRemoteRoutes, resetRemote, type RemoteName } from '@/mf/remotes';

// One lazy component per remote, kept across navigations so a remote loads once; replaced
// on Retry so React asks the federation runtime again.
const lazyRoutes = new Map<RemoteName, ComponentType>();

/** Routes loaded before the first render (a prerendered page's remote): mounted without suspending. */
export function provideLoadedRoutes(name: RemoteName, routes: ComponentType): void {
  lazyRoutes.set(name, routes);
}

function routesOf(name: RemoteName, timeoutMs: number): ComponentType {
  let component = lazyRoutes.get(name);
  if (!component) {
    component = lazy(async () => ({
      default: await withTimeout(loadRemoteRoutes(name), timeoutMs, () => new ChunkTimeoutError(name)),
    }));
    lazyRoutes.set(name, component);
  }
  return component;
}

// The texts go through the page's one i18n instance (namespace 'shell', English and Turkish).
function RemoteFallback({ error, resetErrorBoundary, name }: FallbackProps & { name: RemoteName }) {
  const { t } = useT();
  const timedOut = error instanceof ChunkTimeoutError;
  return (
    <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" variant="outlined" onClick={resetErrorBoundary}>
            {t('remotes.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('remotes.failed', { label: t(`remotes.labels.${name}`) })}</AlertTitle>
        {timedOut ? t('remotes.timedOut') : t('remotes.unreachable')}
      </Alert>
    </Box>
  );
}

export function RemoteLoading() {
  const { t } = useT();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} aria-busy="true">
      <CircularProgress aria-label={t('remotes.loading')} />
    </Box>
  );
}

/**
 * Mounts a remote's routes; a remote that fails shows its own fallback, never a blank shell.
 * Give it `key={name}` so switching remotes starts a fresh boundary.
 */
export function RemoteMount({ name, timeoutMs = LAZY_CHUNK_TIMEOUT_MS }: { name: RemoteName; timeoutMs?: number }) {
  const [Routes, setRoutes] = useState(() => routesOf(name, timeoutMs));
  return (
    <ErrorBoundary
      onReset={() => {
        lazyRoutes.delete(name);
        resetRemote(name);
        setRoutes(() => routesOf(name, timeoutMs));
      }}
      fallbackRender={(props) => <RemoteFallback {...props} name={name} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <Routes />
      </Suspense>
    </ErrorBoundary>
  );
}
