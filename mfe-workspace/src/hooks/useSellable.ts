import { resourceKey } from '@stockwise/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listTransactionTypes, type Item, type StatusKey, type TransactionType } from '@/api/inventory';

// Before the types have answered: what no company's Sell type accepts.
const NEVER_SOLD: StatusKey[] = ['sold', 'scrapped'];

const TYPES = { queryKey: resourceKey('transaction-types'), queryFn: listTransactionTypes };

/**
 * Whether an item may be sold as it is, by the statuses the company's built-in Sell type accepts
 * (a sale goes through that type, and the API refuses any other status with 409): the sale
 * screens say so when the item is scanned, not after Enter.
 *
 * `sellable` reads the types as they are when it is called, and `judged` settles once they have
 * answered (or could not be read: a seller who may not list them, no network). A scan is judged
 * after both: on a busy phone the scan's answer can come first, and the guess before the types
 * (only sold and scrapped refused) called an item on loan ready to sell.
 */
export function useSellable() {
  const queryClient = useQueryClient();
  useQuery(TYPES);
  const sellable = (item: Item) => {
    const types = queryClient.getQueryData<TransactionType[]>(TYPES.queryKey);
    const sell = types?.find((type) => type.kind === 'sell' && type.builtIn);
    return sell ? sell.fromStatuses.includes(item.status) : !NEVER_SOLD.includes(item.status);
  };
  // 'always': offline, a read of the types fails at once instead of waiting for the network, and
  // the scan goes on to the till's queue as before.
  const judged = () =>
    queryClient.ensureQueryData({ ...TYPES, networkMode: 'always' }).then(
      () => undefined,
      () => undefined,
    );
  return { sellable, judged };
}
