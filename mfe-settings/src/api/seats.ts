import { useQuery } from '@tanstack/react-query';
import { api, resourceKey, type ApiResponse } from '@stockwise/shared';

/**
 * Seats in use (users + pending invitations) against the plan's maxUsers: GET /api/users/limit.
 * Under the 'users' resource, so whatever refreshes the users refreshes the seats too.
 */
export const SEATS_KEY = resourceKey('users', 'limit');

export function useSeats() {
  return useQuery({
    queryKey: SEATS_KEY,
    queryFn: async () => (await api.get<ApiResponse<'getUserLimit'>>('/api/users/limit')).data,
  });
}
