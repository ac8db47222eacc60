import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey, type ApiBody, type ApiResponse } from '@stockwise/shared';

export type SsoProvider = ApiResponse<'createSsoProvider'>;
export type NewSsoProvider = ApiBody<'createSsoProvider'>;
export type SsoProviderChange = ApiBody<'updateSsoProvider'>;

const SSO_KEY = resourceKey('sso-providers');

/** The company's single sign-on providers, one per email domain (the secret is never answered). */
export function useSsoProviders() {
  return useQuery({ queryKey: SSO_KEY, queryFn: () => call('GET', '/api/sso-providers') });
}

/** POST /api/sso-providers: a refusal names its field (domain, issuer), shown on that field. */
export function useCreateSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSsoProvider) => call('POST', '/api/sso-providers', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SSO_KEY }),
  });
}

/** PUT /api/sso-providers/{id}: the domain stays; an omitted secret keeps the stored one, null removes it. */
export function useUpdateSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SsoProviderChange }) =>
      call('PUT', '/api/sso-providers/{id}', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SSO_KEY }),
  });
}

export function useDeleteSsoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('DELETE', '/api/sso-providers/{id}', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SSO_KEY }),
  });
}

/**
 * The embedded OpenID Connect provider that stands in for a real one in development, as GET
 * /api/auth/providers names it (null in production, or when it cannot be read): a provider with
 * its issuer is marked as the stand-in, and the add dialog offers to fill it in.
 */
export function useDevelopmentStandIn() {
  const providers = useQuery({
    queryKey: resourceKey('auth', 'providers'),
    queryFn: () => call('GET', '/api/auth/providers'),
    staleTime: Infinity,
  });
  return providers.data?.oidc ?? null;
}
