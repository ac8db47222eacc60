import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiResponse } from '@stockwise/shared';

export type MfaPolicy = ApiResponse<'getMfaPolicy'>;

const MFA_POLICY_KEY = resourceKey('company', 'mfa-policy');

/** GET /api/company/mfa-policy: whether the company requires a second factor of its Owners and Admins. */
export function useMfaPolicy() {
  return useQuery({ queryKey: MFA_POLICY_KEY, queryFn: () => call('GET', '/api/company/mfa-policy') });
}

/**
 * PUT /api/company/mfa-policy. Turning it on is refused (409 MFA_NOT_SET_UP) while the caller has
 * no factor of their own: the screen shows that refusal with the way to set one up.
 */
export function useSaveMfaPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MfaPolicy) => call('PUT', '/api/company/mfa-policy', { body }),
    onSuccess: (saved) => queryClient.setQueryData(MFA_POLICY_KEY, saved),
  });
}
