import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { ACCESS_QUERY_KEY } from '@stockwise/shared';

/**
 * Asks the server again what the user may do on every navigation, so a claim an owner changed
 * shows in the drawer and the screen's guard on the next page, without signing out. (The
 * live-update stream also refreshes it when the API closes the stream for an access change.)
 */
export function useAccessOnNavigation(): void {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    // The first page asks anyway: useAccess loads the answer when the drawer or a guard needs it.
    if (first.current) {
      first.current = false;
      return;
    }
    void client.invalidateQueries({ queryKey: ACCESS_QUERY_KEY });
  }, [pathname, client]);
}
