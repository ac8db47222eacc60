import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiResponse } from '@stockwise/shared';

export type CompanyUser = ApiResponse<'listUsers'>[number];

/** The company's users with their roles (by name): GET /api/users. */
export function useUsers() {
  return useQuery({
    queryKey: resourceKey('users', 'list'),
    queryFn: () => call('GET', '/api/users'),
  });
}

/**
 * PUT /api/users/{id}/roles replaces a user's roles (names). Refusals: 403 when only an owner may
 * (Company Owner given or taken, a role beyond the caller's own claims), 409 field `roles` for the
 * last owner. A change moves the users list and the roles' user counts.
 */
export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: string[] }) =>
      call('PUT', '/api/users/{id}/roles', { params: { id }, body: { roles } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKey('users') }),
        queryClient.invalidateQueries({ queryKey: resourceKey('roles') }),
      ]),
  });
}

/**
 * POST /api/users/{id}/deactivate | reactivate. A deactivated user cannot sign in and their
 * sessions stop working; refused (409) for a Company Owner and for yourself.
 */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      active
        ? call('POST', '/api/users/{id}/reactivate', { params: { id } })
        : call('POST', '/api/users/{id}/deactivate', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey('users') }),
  });
}
