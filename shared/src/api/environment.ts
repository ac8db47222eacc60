import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { call } from './call';
import { resourceKey } from './query-keys';
import type { Environment as ApiEnvironment } from './types';

/**
 * GET /api/environment (public): where this server runs and which of its services are
 * stand-ins. Development stand-ins exist to try the product on one machine; the pages say so
 * on screen. `mail` and `payments` say whether the feature works at all (in production, false
 * when SMTP or Stripe is not configured).
 */
export type Environment = ApiEnvironment;

export type StandIn = keyof Environment['standIns'];

export async function loadEnvironment(): Promise<Environment> {
  const data = await call('GET', '/api/environment');
  if (!data || (data.mode !== 'development' && data.mode !== 'production'))
    throw new Error('GET /api/environment gave no environment');
  return data;
}

export const ENVIRONMENT_QUERY_KEY = resourceKey('environment');

/**
 * The environment, asked once per page (every remote shares the answer through the page's one
 * query client). While it loads, or when it cannot be read, nothing is assumed: screens keep
 * their ordinary behaviour and the server stays the judge of what works.
 */
export function useEnvironment(): UseQueryResult<Environment> {
  return useQuery({
    queryKey: ENVIRONMENT_QUERY_KEY,
    queryFn: loadEnvironment,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    retryDelay: 500,
  });
}

/** The stand-ins in use, in a fixed order (for the development banner). */
export function standInsInUse(environment: Environment | undefined): StandIn[] {
  if (!environment) return [];
  return (['signIn', 'payments', 'mail', 'demoData'] as const).filter((name) => environment.standIns?.[name]);
}
