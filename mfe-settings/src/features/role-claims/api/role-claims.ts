import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, resourceKey, type ApiResponse } from '@stockwise/shared';
import type { RoleRow } from '@/api/roles';

export type TransactionTypeRow = ApiResponse<'listTransactionTypes'>['items'][number];
export type RoleClaims = ApiResponse<'getRoleClaims'>;
export type Claim = RoleClaims['claims'][number];

/** Every transaction type of the company, built-in and its own: GET /api/transaction-types. */
export function useTransactionTypes() {
  return useQuery({
    queryKey: resourceKey('transaction-types'),
    queryFn: async () => (await api.get<ApiResponse<'listTransactionTypes'>>('/api/transaction-types')).data,
  });
}

/** Each role's claims: GET /api/roles/{id}/claims, one query per role (under the 'roles' resource). */
export function useRoleClaims(roles: readonly RoleRow[] | undefined) {
  return useQueries({
    queries: (roles ?? []).map((role) => ({
      queryKey: resourceKey('roles', role.id, 'claims'),
      queryFn: async () => (await api.get<RoleClaims>(`/api/roles/${role.id}/claims`)).data,
    })),
  });
}

export type ClaimsChange = { role: RoleRow; claims: Claim[] };

/** A save that stopped part-way: the API's refusal and the roles saved before it. */
export class PartialSave extends Error {
  constructor(
    readonly failure: unknown,
    readonly failed: RoleRow,
    readonly saved: RoleRow[],
  ) {
    super('The access was saved only in part.');
  }
}

/**
 * Saves the changed roles' claims: PUT /api/roles/{id}/claims for each, one after the other (the
 * API has no call for several roles at once). A refusal stops there and says which were saved.
 * Every role's claims are read again afterwards.
 */
export function useSaveRoleClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ClaimsChange[]) => {
      const saved: RoleRow[] = [];
      for (const change of changes) {
        try {
          await api.put<ApiResponse<'setRoleClaims'>>(`/api/roles/${change.role.id}/claims`, {
            claims: change.claims,
          });
        } catch (failure) {
          throw new PartialSave(failure, change.role, saved);
        }
        saved.push(change.role);
      }
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey('roles') }),
  });
}
