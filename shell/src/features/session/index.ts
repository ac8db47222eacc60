export { useProfileSync, PROFILE_SYNC_DELAY_MS } from './useProfileSync';
export { usePremiumStatus, SUBSCRIPTION_QUERY_KEY } from './usePremiumStatus';
export type { PremiumStatus } from './usePremiumStatus';
export { useCompany, COMPANY_QUERY_KEY } from './useCompany';
