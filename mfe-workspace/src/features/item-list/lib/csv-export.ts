import { api } from '@stockwise/shared';
import type { ItemQuery } from '@/api/inventory';

/**
 * GET /api/items?format=csv with the list's filters and sort: the API streams every matching item
 * (not one page). The call carries the bearer token like every API call, so the file is fetched
 * by the API client and handed to the browser as a download rather than opened as a plain link.
 */
export function itemsCsvUrl(query: ItemQuery): string {
  const params = new URLSearchParams({ format: 'csv' });
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '' && key !== 'cursor' && key !== 'limit')
      params.set(key, String(value));
  }
  return `/api/items?${params}`;
}

/** A refusal asked for as a blob arrives as one: read it back into the API's JSON so its message shows. */
async function readBlobError(error: unknown): Promise<never> {
  const response = (error as { response?: { data?: unknown } }).response;
  if (response && response.data instanceof Blob) {
    try {
      response.data = JSON.parse(await response.data.text());
    } catch {
      // not JSON: the generic message stays
    }
  }
  throw error;
}

export async function downloadItemsCsv(query: ItemQuery): Promise<void> {
  const { data } = await api.get<Blob>(itemsCsvUrl(query), { responseType: 'blob' }).catch(readBlobError);
  const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `items-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
