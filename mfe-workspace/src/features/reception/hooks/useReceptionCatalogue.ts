import { resourceKey, type ApiResource } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { listBrands, listItemTypes, listLocations, listTransactionTypes } from '@/api/inventory';
import { withLastKnown } from '@/offline';

/**
 * What a reception chooses from: the active item types and locations, the brands, and whether the
 * Receive transaction type sends a finished reception straight to its labels. A page loaded
 * offline gets the user's last-known lists (withLastKnown), so reception still opens at the till.
 */
export function useReceptionCatalogue() {
  // offlineFirst: asked even when the browser says it is offline, so the kept lists are given.
  const kept = <T>(resource: ApiResource, load: () => Promise<T>) => ({
    queryKey: resourceKey(resource),
    queryFn: () => withLastKnown(resource, load),
    networkMode: 'offlineFirst' as const,
  });
  const types = useQuery(kept('item-types', listItemTypes));
  const brands = useQuery(kept('brands', listBrands));
  const locations = useQuery(kept('locations', listLocations));
  const transactionTypes = useQuery(kept('transaction-types', listTransactionTypes));
  const queries = [types, brands, locations];
  return {
    activeTypes: (types.data ?? []).filter((type) => type.active),
    activeLocations: (locations.data ?? []).filter((location) => location.active),
    brands: brands.data ?? [],
    printOnReceive: Boolean(transactionTypes.data?.find((type) => type.builtIn && type.kind === 'receive')?.printLabel),
    failed: queries.find((query) => query.isError),
    pending: queries.some((query) => query.isPending),
    retry: () => queries.forEach((query) => void query.refetch()),
  };
}

export type ReceptionCatalogue = ReturnType<typeof useReceptionCatalogue>;
