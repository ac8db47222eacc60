import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey } from '@stockwise/shared';
import type { Claim, RoleClaims, RoleRow } from '@/api/roles';

export type { Claim, RoleClaims };

/** Each role's claims: GET /api/roles/{id}/claims, one query per role (under the 'roles' resource). */
export function useRoleClaims(roles: readonly RoleRow[] | undefined) {
  return useQueries({
    queries: (roles ?? []).map((role) => ({
      queryKey: resourceKey('roles', role.id, 'claims'),
      queryFn: () => call('GET', '/api/roles/{id}/claims', { params: { id: role.id } }),
    })),
  });
}

export type ClaimsChange = { roleId: string; claims: Claim[] };

/**
 * Saves the changed roles' claims in one call, all or nothing (PUT /api/roles/claims): a refusal
 * for any role leaves every role as it was. Every role's claims are read again afterwards.
 */
export function useSaveRoleClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: ClaimsChange[]) => call('PUT', '/api/roles/claims', { body: { roles } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey('roles') }),
  });
}
