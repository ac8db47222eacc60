// The spec's hosted authentication service (GoTrue's API, for supabase-js) at /auth/v1.
export const HOSTED_AUTH_PREFIX = '/auth/v1';
export const SSO_PROVIDERS_PREFIX = '/api/sso-providers';
/** Unique constraints of single sign-on, as field + message (409). */
export const SSO_CONSTRAINTS: Record<string, [string, string]> = {
  sso_provider_directory_domain_key: ['domain', 'This domain already has a single sign-on provider.'],
  sso_providers_company_id_domain_key: ['domain', 'This domain already has a single sign-on provider.'],
};
