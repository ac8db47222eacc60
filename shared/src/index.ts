// @stockwise/shared: loaded once per page (a federation singleton) and used by the shell and
// every remote. Only what two or more of them really share belongs here.
export { events, EventBus } from './events/bus';
export type { StockwiseEvents, StockwiseEventName } from './events/bus';
export { STORAGE_KEYS } from './auth/storage-keys';
export { hasRole, rolesOf, tokenExpiry, ROLE_CLAIM, ROLES } from './auth/has-role';
export type { BuiltInRole } from './auth/has-role';
export { session, sessionStore, useSession } from './auth/session-store';
export type { SessionState } from './auth/session-store';
export { PLAN_TYPE, SUBSCRIPTION_STATUS } from './auth/types';
export type { CachedUser, Plan, Subscription } from './auth/types';
export { api, createApiClient, setSessionLostHandler } from './api/client';
export { ScreenComing } from './ui/ScreenComing';
export { StandaloneHost } from './ui/StandaloneHost';
