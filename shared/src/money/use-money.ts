import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { call } from '../api/call';
import { resourceKey } from '../api/query-keys';
import { readClaims } from '../auth/claims';
import { useSession } from '../auth/session-store';
import type { Company } from '../auth/types';
import { DEFAULT_CURRENCY, formatMoney } from './format';

/**
 * The signed-in user's company: GET /api/company/{id} with the token's company_id, else GET /api/company.
 * Every screen that shows the company reads it under resourceKey('company', …): a save refreshes them all.
 */
export function useCompany() {
  const claim = readClaims(useSession((s) => s.token))?.company_id;
  const companyId = typeof claim === 'string' && claim ? claim : undefined;
  return useQuery({
    queryKey: resourceKey('company', companyId ?? 'mine'),
    queryFn: (): Promise<Company> =>
      companyId ? call('GET', '/api/company/{id}', { params: { id: companyId } }) : call('GET', '/api/company'),
    staleTime: 60_000,
  });
}

/** The company's currency (US dollars until it is loaded or chosen). */
export function useCurrency(): string {
  return useCompany().data?.currency ?? DEFAULT_CURRENCY;
}

/**
 * A formatter for the screen: `money(42)` in the company's currency, `money(sale.total, sale.currency)`
 * in a sale's own (a sale keeps the currency it was made in). The reader's language sets the style.
 */
export function useMoney(): (value: number | null | undefined, currency?: string) => string {
  const { i18n } = useTranslation();
  const companyCurrency = useCurrency();
  return (value, currency) => formatMoney(value, i18n.language, currency ?? companyCurrency);
}
