import type { StatusKey } from '@/api/inventory';

/** What the API lends from (vocabulary.ts LENDABLE_STATUSES): at hand and usable. */
export const LENDABLE: StatusKey[] = ['in_stock', 'reserved', 'returned'];
