import { api } from '@stockwise/shared';
import { saveFile } from './csv';

// A list's file from the API: the same route with the same filters and a `format` (the API's
// lib/list-export.ts and lib/csv.ts stream every matching row). Used by every remote's lists.

/** How a list is exported by the API: for people as CSV or Excel, or the raw rows. */
export type ExportFormat = 'csv' | 'xlsx' | 'raw-csv';

/**
 * The CSV of a list or report: the same route with the same filters and `format=csv`. The API
 * streams every row the filters match (not one page; paging's cursor and limit are left out),
 * writes the byte-order mark and guards formula cells.
 */
export function csvUrl(path: string, query: object | undefined, options: Record<string, string> = {}): string {
  const params = new URLSearchParams({ format: 'csv', ...options });
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '' && key !== 'cursor' && key !== 'limit')
      params.set(key, String(value));
  }
  return `${path}?${params}`;
}

/** A refusal asked for as a blob arrives as one: read it back into the API's JSON so its message shows. */
async function readBlobError(error: unknown): Promise<never> {
  const response = (error as { response?: { data?: unknown } }).response;
  if (response && response.data instanceof Blob) {
    const text = await response.data.text();
    try {
      response.data = JSON.parse(text);
    } catch {
      response.data = text;
    }
  }
  throw error;
}

/**
 * Downloads `csvUrl(…)`. The API wants the bearer token, so the file is fetched by the API client
 * and handed to the browser as a download rather than opened as a plain link.
 */
export async function downloadCsv(url: string, fileName: string): Promise<void> {
  const { data } = await api.get<Blob>(url, { responseType: 'blob' }).catch(readBlobError);
  saveFile(fileName, data instanceof Blob ? data : new Blob([data], { type: 'text/csv' }));
}

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
