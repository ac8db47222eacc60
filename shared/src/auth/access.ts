import { useQuery } from '@tanstack/react-query';
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
  may(permission: Permission): boolean;
  mayRun(transactionTypeId: string): boolean;
}

/**
 * What the signed-in user may do, so a screen offers only what will succeed (the API still
 * checks every call — this is a courtesy, not the rule). Claims change while a user works, so
 * the answer is refreshed on focus and whenever something invalidates the `access` resource.
 */
export function useAccess(): AccessView {
  const token = useSession((state) => state.token);
  const { data } = useQuery({
    queryKey: ACCESS_QUERY_KEY,
    queryFn: loadAccess,
    enabled: Boolean(token),
    staleTime: 30_000,
  });
  return accessView(data);
}

export function accessView(data: MyAccess | undefined): AccessView {
  const permissions = new Set<string>(data?.permissions ?? []);
  const types = new Set(data?.transactionTypeIds ?? []);
  return {
    known: data !== undefined,
    may: (permission) => permissions.has(permission),
    mayRun: (id) => Boolean(data?.allTransactionTypes) || types.has(id),
  };
}
