import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect, type ReactNode } from 'react';
import { setNotifier } from '@stockwise/shared';

/** Spec §§8-9: at most 3 notifications, top centre, 3000 ms each. */
export const NOTIFICATION_LIMIT = 3;
export const NOTIFICATION_DURATION_MS = 3000;

/** Lets every remote's `notify()` (from @stockwise/shared) land in this one stack. */
function NotifierBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => setNotifier((message, variant) => enqueueSnackbar(message, { variant })), [enqueueSnackbar]);
  return null;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={NOTIFICATION_LIMIT}
      autoHideDuration={NOTIFICATION_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <NotifierBridge />
      {children}
    </SnackbarProvider>
  );
}
