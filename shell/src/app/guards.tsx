import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasRole, ROLES, session, sitePath, useSession } from '@stockwise/shared';
import type { Area } from '@/mf/areas';

export { DEFAULT_PATH } from '@stockwise/shared';

/** Where `/` (and an owner-only page) sends a signed-in user: owners to the dashboard. */
export function homeFor(token: string | null): string {
  return hasRole(ROLES.companyOwner, token) ? '/dashboard' : '/my-tasks';
}

// A session that ends while a workspace page is on screen (Logout, a refused token) sends the
// browser to / (spec §2: Logout goes to /), not to /login as for a visitor who was never signed
// in; the page's guard must agree, or its redirect would cancel that navigation.
const SIGN_OUT_WINDOW_MS = 5000;

export function AreaGuard({ area, children }: { area: Area; children: ReactNode }) {
  const token = useSession((s) => s.token);
  const { pathname, search, state } = useLocation();
  const signedIn = Boolean(token);

  if (area.guard === 'public-only' && signedIn) {
    // A sign-in page sent here from another page returns there once signed in, and navigates
    // there itself: the guard goes to the same place, or whichever of the two ran last would win.
    const back = sitePath((state as { from?: unknown } | null)?.from);
    return <Navigate to={pathname === '/' ? homeFor(token) : back && back !== '/' ? back : '/dashboard'} replace />;
  }
  if (area.guard === 'auth' && !signedIn) {
    if (session.endedWithin(SIGN_OUT_WINDOW_MS)) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />;
  }
  // Spec §2: /dashboard is for Company Owners; everyone else goes to /my-tasks.
  if (pathname.replace(/\/+$/, '') === '/dashboard' && !hasRole(ROLES.companyOwner, token)) {
    return <Navigate to="/my-tasks" replace />;
  }
  return <>{children}</>;
}
