import { resourceKey } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { listBrands, listItemTypes, listLocations, listTransactionTypes } from '@/api/inventory';

/**
 * What a reception chooses from: the active item types and locations, the brands, and whether the
 * Receive transaction type sends a finished reception straight to its labels.
 */
export function useReceptionCatalogue() {
  const types = useQuery({ queryKey: resourceKey('item-types'), queryFn: listItemTypes });
  const brands = useQuery({ queryKey: resourceKey('brands'), queryFn: listBrands });
  const locations = useQuery({ queryKey: resourceKey('locations'), queryFn: listLocations });
  const transactionTypes = useQuery({
    queryKey: resourceKey('transaction-types'),
    queryFn: listTransactionTypes,
  });
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
