import { styled } from '@mui/material';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
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

/**
 * notistack's own colours put white text on #43a047, #ff9800 and #2196f3 (3.3, 2.2 and 3.1 : 1),
 * below WCAG AA's 4.5 : 1 (axe's colour-contrast rule). These keep white text at 4.98 : 1 or more,
 * the same in the light and the dark theme (a notification is its own surface).
 */
const ReadableContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32', color: '#fff' },
  '&.notistack-MuiContent-error': { backgroundColor: '#d32f2f', color: '#fff' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b34700', color: '#fff' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b', color: '#fff' },
});
const READABLE = { success: ReadableContent, error: ReadableContent, warning: ReadableContent, info: ReadableContent };

export function NotificationsProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={NOTIFICATION_LIMIT}
      autoHideDuration={NOTIFICATION_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={READABLE}
    >
      <NotifierBridge />
      {children}
    </SnackbarProvider>
  );
}
