import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiBody, type Invitation } from '@stockwise/shared';
import { PLAN_USAGE_KEY } from '@/api/plan-usage';

export type { Invitation };
export type InvitationBody = ApiBody<'createInvitation'>;

/** Every invitation, newest first, with its computed status and link: GET /api/invitations. */
export function useInvitations() {
  return useQuery({
    queryKey: resourceKey('invitations'),
    queryFn: () => call('GET', '/api/invitations'),
  });
}

/** A pending invitation holds a seat: creating or revoking one changes the seat count too. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey('invitations') }),
      queryClient.invalidateQueries({ queryKey: resourceKey('users') }),
      queryClient.invalidateQueries({ queryKey: PLAN_USAGE_KEY }),
    ]);
}

/** POST /api/invitations: mails the link; 403 PLAN_LIMIT_USERS without a free seat, 409 on a pending one. */
export function useCreateInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: InvitationBody) => call('POST', '/api/invitations', { body }),
    onSuccess: refresh,
  });
}

/** POST /api/invitations/{id}/revoke: only a pending one (409 otherwise, saying why). */
export function useRevokeInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call('POST', '/api/invitations/{id}/revoke', { params: { id } }),
    onSuccess: refresh,
  });
}

/**
 * POST /api/invitations/{id}/resend: mails the link again, good for another 7 days. A pending or
 * expired one (an expired one needs a free seat: 403 PLAN_LIMIT_USERS); accepted or revoked: 409.
 */
export function useResendInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call('POST', '/api/invitations/{id}/resend', { params: { id } }),
    onSuccess: refresh,
  });
}
