import { saveFile } from '@stockwise/kit';
import { api } from '@stockwise/shared';

/**
 * A report exactly as the API writes it as CSV: the same route with the same filters and
 * `format=csv` (the API adds the byte-order mark and guards formula cells). A refusal comes back
 * as a Blob; it is read back into the JSON body so that the caller's error says what the API said.
 */
export async function downloadCsv(path: string, params: object, fileName: string): Promise<void> {
  try {
    const response = await api.get<Blob>(path, { params: { ...params, format: 'csv' }, responseType: 'blob' });
    saveFile(fileName, response.data);
  } catch (error) {
    const response = (error as { response?: { data?: unknown } }).response;
    if (response?.data instanceof Blob) {
      const text = await response.data.text();
      try {
        response.data = JSON.parse(text);
      } catch {
        response.data = text;
      }
    }
    throw error;
  }
}
