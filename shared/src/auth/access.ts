import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../api/call';
import { resourceKey } from '../api/query-keys';
import type { ApiResponse } from '../api/types';
import { useSession } from './session-store';

/** GET /api/access: the caller's roles, permissions and transaction-type claims. */
export type MyAccess = ApiResponse<'getMyAccess'>;
export type Permission = MyAccess['permissions'][number];

export const ACCESS_QUERY_KEY = resourceKey('access');

export async function loadAccess(): Promise<MyAccess> {
  return call('GET', '/api/access');
}

export interface AccessView {
  /** False until the answer is in: screens keep actions disabled rather than offer what may fail. */
  known: boolean;
  /** The answer could not be read (signed out, network, server): screens let the API decide. */
  unavailable: boolean;
  /** Whether the user's roles grant this claim — the one question a screen, a button or the menu asks. */
  can(permission: Permission): boolean;
  /** Whether any one of these claims is granted (a screen several claims open); none listed: yes. */
  canAny(permissions: readonly Permission[] | undefined): boolean;
  /** Whether the user may run this transaction type through the engine. */
  mayRun(transactionTypeId: string): boolean;
  /**
   * Whether the user holds a role, as the server says now. Only for the few rules the product
   * states by role name (the menu's Admin-only submenus); everything else asks can().
   */
  holds(role: string): boolean;
}

/**
 * What the signed-in user may do, so a screen offers only what will succeed (the API still
 * checks every call — this is a courtesy, not the rule). Claims change while a user works, so
 * the answer is refreshed on focus, on every navigation (the shell invalidates it) and whenever
 * the live-update stream reconnects after the API closed it for an access change.
 */
/** How long a failed read of the access answer waits before it is asked again. */
export const ACCESS_RETRY_MS = 10_000;

export function useAccess(): AccessView {
  const token = useSession((state) => state.token);
  const { data, isError } = useQuery({
    queryKey: ACCESS_QUERY_KEY,
    queryFn: loadAccess,
    enabled: Boolean(token),
    staleTime: 30_000,
    // A failed answer is not asked again by every component that mounts and asks useAccess: each
    // such ask turned the answer back to "pending", the screen's guard back to its spinner, and the
    // page under it (with its nested askers) was unmounted and mounted again, without end.
    retryOnMount: false,
    // It is asked again on a clock instead, for as long as it keeps failing: the buttons and fields
    // a screen offers by claim (a count's scan field, a sale's Return) come back once the server
    // answers, without the user having to leave the screen. A refetch keeps the failed state until
    // it succeeds, so the page under the guard stays mounted meanwhile.
    refetchInterval: (query) => (query.state.status === 'error' ? ACCESS_RETRY_MS : false),
  });
  // Signed out there is nothing to ask (the shell's sign-in guard handles that); a failed read
  // with no earlier answer leaves the decision to the API.
  const unavailable = !token || (isError && data === undefined);
  // One view per answer, so what is built from it (the menu's tree) is rebuilt only when it changes.
  return useMemo(() => accessView(data, unavailable), [data, unavailable]);
}

export function accessView(data: MyAccess | undefined, unavailable = false): AccessView {
  const permissions = new Set<string>(data?.permissions ?? []);
  const types = new Set(data?.transactionTypeIds ?? []);
  const roles = new Set(data?.roles ?? []);
  const can = (permission: Permission) => permissions.has(permission);
  return {
    known: data !== undefined,
    unavailable,
    can,
    canAny: (wanted) => !wanted || wanted.length === 0 || wanted.some(can),
    mayRun: (id) => Boolean(data?.allTransactionTypes) || types.has(id),
    holds: (role) => roles.has(role),
  };
}
