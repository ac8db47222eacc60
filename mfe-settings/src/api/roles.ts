import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiResponse } from '@stockwise/shared';

export type RoleRow = ApiResponse<'listRoles'>[number];

/** The company's roles (built-in and its own): GET /api/roles. Invitations and users give them by name. */
export function useRoles() {
  return useQuery({
    queryKey: resourceKey('roles'),
    queryFn: () => call('GET', '/api/roles'),
  });
}

export type RoleClaims = ApiResponse<'getRoleClaims'>;
export type Claim = RoleClaims['claims'][number];
export type Permission = Extract<Claim, { type: 'permission' }>['value'];

/** One role's claims: GET /api/roles/{id}/claims (the owner's: every claim, implicit). */
export function useRoleClaimsOf(id: string | null) {
  return useQuery({
    queryKey: resourceKey('roles', id, 'claims'),
    queryFn: () => call('GET', '/api/roles/{id}/claims', { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

/** PUT /api/roles/{id}/claims: replaces one role's claims (403 beyond what the caller holds). */
export function useSetRoleClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, claims }: { id: string; claims: Claim[] }) =>
      call('PUT', '/api/roles/{id}/claims', { params: { id }, body: { claims } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey('roles') }),
  });
}
