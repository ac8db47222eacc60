// The spec's hosted authentication service (GoTrue's API, for supabase-js) at /auth/v1.
export { hostedAuthRoutes } from './routes.js';
export const HOSTED_AUTH_PREFIX = '/auth/v1';
