import { csvUrl, downloadCsv } from '@/api/csv';

/** How a list is exported by the API (lib/list-export.ts): for people as CSV or Excel, or the raw rows. */
export type ExportFormat = 'csv' | 'xlsx' | 'raw-csv';

/**
 * The export's address with the list's filters and sort. A people's export is written in the
 * screen's language and the browser's time zone; the raw one is the same for everybody.
 */
export function exportUrl(path: string, query: object, format: ExportFormat, language: string): string {
  const options: Record<string, string> = { format };
  if (format !== 'raw-csv') {
    options.lang = language.startsWith('tr') ? 'tr' : 'en';
    options.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
  return csvUrl(path, query, options);
}

/** Downloads the export as `<name>-<day>.csv|.xlsx` (`<name>-raw-…` for the raw rows). */
export function downloadExport(
  path: string,
  query: object,
  format: ExportFormat,
  language: string,
  name: string,
): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const extension = format === 'xlsx' ? 'xlsx' : 'csv';
  const file = format === 'raw-csv' ? `${name}-raw` : name;
  return downloadCsv(exportUrl(path, query, format, language), `${file}-${day}.${extension}`);
}
