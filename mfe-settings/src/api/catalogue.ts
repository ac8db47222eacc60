import { useQuery } from '@tanstack/react-query';
import { call, resourceKey, type ApiResponse } from '@stockwise/shared';

// Catalogue lists more than one settings screen reads (the access matrix and the transaction
// types read the types; transaction types offer the locations). Each list query holds the rows
// alone, as the workspace's queries of the same resource do: one query key, one shape of data
// in the page's one query cache, whichever remote filled it.

export type TransactionTypeRow = ApiResponse<'listTransactionTypes'>['items'][number];

/** Every transaction type of the company, built-in and its own: GET /api/transaction-types. */
export function useTransactionTypes() {
  return useQuery({
    queryKey: resourceKey('transaction-types'),
    queryFn: async () => (await call('GET', '/api/transaction-types')).items,
  });
}

/** Every location (GET /api/locations answers them all; a screen pages them). */
export function useLocations() {
  return useQuery({
    queryKey: resourceKey('locations'),
    queryFn: async () => (await call('GET', '/api/locations')).items,
  });
}

/** Every item type (GET /api/item-types answers them all; a screen pages them). */
export function useItemTypes() {
  return useQuery({
    queryKey: resourceKey('item-types'),
    queryFn: async () => (await call('GET', '/api/item-types')).items,
  });
}

/** Every brand (GET /api/brands answers them all; a screen pages them). */
export function useBrands() {
  return useQuery({
    queryKey: resourceKey('brands'),
    queryFn: async () => (await call('GET', '/api/brands')).items,
  });
}
