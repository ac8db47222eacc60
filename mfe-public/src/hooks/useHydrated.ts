import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the prerendered HTML and while React hydrates it, true once React owns the page.
 * A prerendered form's submit button stays disabled until then: a native submission before
 * hydration would be a GET carrying the fields — a password among them — in the address.
 * (A disabled default button also stops Enter's implicit submission.)
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
