import { saveFile } from '@stockwise/kit';
import { api } from '@stockwise/shared';

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
