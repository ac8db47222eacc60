import { useQuery } from '@tanstack/react-query';
import { call, resourceKey, type ApiResponse } from '@stockwise/shared';

export type RoleRow = ApiResponse<'listRoles'>[number];

/** The company's roles (built-in and its own): GET /api/roles. Invitations and users give them by name. */
export function useRoles() {
  return useQuery({
    queryKey: resourceKey('roles'),
    queryFn: () => call('GET', '/api/roles'),
  });
}
