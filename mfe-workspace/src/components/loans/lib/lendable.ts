import type { StatusKey } from '@/api/inventory';

/** What the API lends from (vocabulary.ts LENDABLE_STATUSES): at hand and usable. */
export const LENDABLE: StatusKey[] = ['in_stock', 'reserved', 'returned'];

/** Whether a holder of items.lend has a loan action for this item: Check out, or Check in. */
export const hasLoanAction = (status: StatusKey) => status === 'on_loan' || LENDABLE.includes(status);
