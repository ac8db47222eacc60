import { useQuery } from '@tanstack/react-query';
import { call, readClaims, resourceKey, useSession, type Company } from '@stockwise/shared';

/** Every screen that shows the company (this one, the shell's sidebar and top bar) reads under this key. */
export const COMPANY_KEY = resourceKey('company');

/** The signed-in user's company: GET /api/company/{id} with the token's company_id, else GET /api/company. */
export function useCompany() {
  const claim = readClaims(useSession((s) => s.token))?.company_id;
  const companyId = typeof claim === 'string' && claim ? claim : undefined;
  return useQuery({
    queryKey: resourceKey('company', companyId ?? 'mine'),
    queryFn: (): Promise<Company> =>
      companyId ? call('GET', '/api/company/{id}', { params: { id: companyId } }) : call('GET', '/api/company'),
  });
}
