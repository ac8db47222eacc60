import { resourceKey, useAccess } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { listTransactionTypes, type Item, type StatusKey, type TransactionType } from '@/api/inventory';

/** Where a returned item may go (the API's list): to be tested, straight to stock, to repair, or out. */
export const RETURN_DESTINATIONS: StatusKey[] = ['returned', 'in_stock', 'defective', 'scrapped'];

/**
 * The Return and Scrap types this user may run (the built-in one first), each only when it would
 * take the item as it is now; a user without the type's claim gets no button (the API refuses too).
 */
export function useOutcomeTypes(item: Item | null | undefined) {
  const access = useAccess();
  const types = useQuery({ queryKey: resourceKey('transaction-types'), queryFn: listTransactionTypes });
  const pick = (kind: TransactionType['kind']) =>
    (types.data ?? [])
      .filter((type) => type.kind === kind && type.active && access.can('items.process') && access.mayRun(type.id))
      .sort((a, b) => Number(b.builtIn) - Number(a.builtIn))
      .find((type) => !item || type.fromStatuses.includes(item.status));
  return { returnType: pick('return'), scrapType: pick('scrap') };
}
