import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { DEFAULT_PATH, lazyPage, useSession } from '@stockwise/shared';
import { RemoteLoading, RemoteMount } from '@/features/remotes';
import { NotFoundPage } from '@/features/not-found';
import { areaFor } from '@/mf/areas';
import { AreaGuard } from './guards';

// The signed-in frame (top bar, drawer, menu) is its own chunk: a visitor never downloads it.
const AppLayout = lazyPage(() => import('./layout/AppLayout').then((m) => m.AppLayout), {
  what: 'The workspace frame',
});

/** Everything not named below belongs to an area (a remote) or is not found. */
function AreaRoute() {
  const { pathname } = useLocation();
  const signedIn = useSession((s) => Boolean(s.token));
  const area = areaFor(pathname);
  if (!area) return <NotFoundPage />;

  const mount = <RemoteMount key={area.remote} name={area.remote} />;
  const withChrome = area.chrome === 'app' || (area.chrome === 'session' && signedIn);
  return (
    <AreaGuard area={area}>
      {withChrome ? (
        <Suspense fallback={<RemoteLoading />}>
          <AppLayout>{mount}</AppLayout>
        </Suspense>
      ) : (
        mount
      )}
    </AreaGuard>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={DEFAULT_PATH} element={<Navigate to="/dashboard" replace />} />
      <Route path="*" element={<AreaRoute />} />
    </Routes>
  );
}
