import { useQuery } from '@tanstack/react-query';
import { call, resourceKey } from '@stockwise/shared';

/**
 * Seats in use (users + pending invitations) against the plan's maxUsers: GET /api/users/limit.
 * Under the 'users' resource, so whatever refreshes the users refreshes the seats too.
 */
export const SEATS_KEY = resourceKey('users', 'limit');

export function useSeats() {
  return useQuery({
    queryKey: SEATS_KEY,
    queryFn: () => call('GET', '/api/users/limit'),
  });
}
