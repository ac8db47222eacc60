import { Container } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { useAccess, type Permission } from '@stockwise/shared';
import type { ReactNode } from 'react';
import { Forbidden, LoadError, Loading } from '@/components/ScreenStates';

/**
 * A report screen: its header (with the export), and the forbidden state when the user's
 * claims lack the report's permission. The API refuses such a user anyway; a 403 it answers
 * shows the same state (LoadError), so a claim removed a moment ago is handled too.
 */
export function ReportFrame({
  title,
  subtitle,
  permission,
  actions,
  children,
}: {
  title: string;
  subtitle: string;
  permission: Permission;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const access = useAccess();
  const denied = access.known && !access.can(permission);
  return (
    <Container maxWidth="xl" sx={{ py: 3, px: { xs: 1, sm: 3 } }}>
      <PageHeader title={title} subtitle={subtitle} actions={denied ? undefined : actions} />
      {denied ? <Forbidden /> : children}
    </Container>
  );
}

/** A query's answer, or its loading and failed (with Retry; 403: forbidden) states. */
export function Answer<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Loading />;
}
