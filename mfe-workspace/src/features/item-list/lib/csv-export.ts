import type { ItemQuery } from '@/api/inventory';
import { csvUrl, downloadCsv } from '@/api/csv';

/** GET /api/items?format=csv with the list's filters and sort: every matching item, not one page. */
export const itemsCsvUrl = (query: ItemQuery): string => csvUrl('/api/items', query);

export const downloadItemsCsv = (query: ItemQuery): Promise<void> =>
  downloadCsv(itemsCsvUrl(query), `items-${new Date().toISOString().slice(0, 10)}.csv`);
