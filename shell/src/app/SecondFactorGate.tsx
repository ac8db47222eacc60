import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RemoteLoading } from '@/features/remotes';
import { EnrolmentRequired, SECURITY_PATH, SecondFactorStep, useSecondFactorDue } from '@/features/second-factor';
import { useSignOut } from './useSignOut';

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
  if (due === 'verify') return <SecondFactorStep onVerified={passed} onSignOut={signOut} />;
  if (due === 'enrol' && !pathname.startsWith(SECURITY_PATH)) return <EnrolmentRequired onSignOut={signOut} />;
  return <>{children}</>;
}
