import type { ItemQuery } from '@/api/inventory';
import { csvUrl, downloadCsv } from '@/api/csv';

/** The item list's exports (GET /api/items): for people as CSV or Excel, or the CSV the reception import reads. */
export type ItemExportFormat = 'csv' | 'xlsx' | 'raw-csv';

/**
 * The export's address with the list's filters and sort. A people's export is written in the
 * screen's language and the browser's time zone; the raw one is the same for everybody.
 */
export function itemExportUrl(query: ItemQuery, format: ItemExportFormat, language: string): string {
  const options: Record<string, string> = { format };
  if (format !== 'raw-csv') {
    options.lang = language.startsWith('tr') ? 'tr' : 'en';
    options.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
  return csvUrl('/api/items', query, options);
}

const FILE_NAMES: Record<ItemExportFormat, string> = { csv: 'items', xlsx: 'items', 'raw-csv': 'items-raw' };

export function downloadItemExport(query: ItemQuery, format: ItemExportFormat, language: string): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const extension = format === 'xlsx' ? 'xlsx' : 'csv';
  return downloadCsv(itemExportUrl(query, format, language), `${FILE_NAMES[format]}-${day}.${extension}`);
}
