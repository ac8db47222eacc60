import { resourceKey } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { listTransactionTypes, type Item, type StatusKey } from '@/api/inventory';

// Before the types have answered: what no company's Sell type accepts.
const NEVER_SOLD: StatusKey[] = ['sold', 'scrapped'];

/**
 * Whether an item may be sold as it is, by the statuses the company's built-in Sell type accepts
 * (a sale goes through that type, and the API refuses any other status with 409): the sale
 * screens say so when the item is scanned, not after Enter.
 */
export function useSellable(): (item: Item) => boolean {
  const types = useQuery({ queryKey: resourceKey('transaction-types'), queryFn: listTransactionTypes });
  const sell = types.data?.find((type) => type.kind === 'sell' && type.builtIn);
  return (item) => (sell ? sell.fromStatuses.includes(item.status) : !NEVER_SOLD.includes(item.status));
}
