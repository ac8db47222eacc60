import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyPage } from '@stockwise/shared';
import { RemoteLoading } from '@/features/remotes';
import { EnrolmentRequired, SECURITY_PATH, useSecondFactorDue } from '@/features/second-factor';
import { useSignOut } from './useSignOut';

// The code step is a form (react-hook-form, zod, MUI's inputs): its own chunk, fetched when a
// session owes a factor, so that a sign-in page (which has none) does not run it to start.
const SecondFactorStep = lazyPage(
  () => import('@/features/second-factor/SecondFactorStep').then((m) => m.SecondFactorStep),
  {
    what: 'The second sign-in step',
  },
);

/**
 * The shell owns the session, so it holds every remote's pages back while the session owes a
 * second factor: the code step, or — where the company requires one the user has not set up —
 * a page that leads to Profile → Security, the one workspace page that then opens.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { due, checking, passed } = useSecondFactorDue();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  if (checking) return <RemoteLoading />;
  if (due === 'verify')
    return (
      <Suspense fallback={<RemoteLoading />}>
        <SecondFactorStep onVerified={passed} onSignOut={signOut} />
      </Suspense>
    );
  if (due === 'enrol' && !pathname.startsWith(SECURITY_PATH)) return <EnrolmentRequired onSignOut={signOut} />;
  return <>{children}</>;
}
