import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@stockwise/shared';
import { RemoteMount } from '../features/remotes';
import { AppLayout } from '../features/layout/AppLayout';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { areaFor } from './areas';
import { AreaGuard } from './guards';

/** Everything not named below belongs to an area (a remote) or is not found. */
function AreaRoute() {
  const { pathname } = useLocation();
  const signedIn = useSession((s) => Boolean(s.token));
  const area = areaFor(pathname);
  if (!area) return <NotFoundPage />;

  const mount = <RemoteMount key={area.remote} name={area.remote} />;
  const withChrome = area.chrome === 'app' || (area.chrome === 'session' && signedIn);
  return <AreaGuard area={area}>{withChrome ? <AppLayout>{mount}</AppLayout> : mount}</AreaGuard>;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/default" element={<Navigate to="/dashboard" replace />} />
      <Route path="*" element={<AreaRoute />} />
    </Routes>
  );
}
