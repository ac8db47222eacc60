// The spec's hosted authentication service (GoTrue's API, for supabase-js) at /auth/v1.
export const HOSTED_AUTH_PREFIX = '/auth/v1';
