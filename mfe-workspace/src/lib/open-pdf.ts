import { api } from '@stockwise/shared';

/**
 * A PDF the API renders (a receipt, a purchase order), fetched with the session's token and opened
 * in a new tab: a plain link would carry no token.
 */
export async function openPdf(path: string, params: Record<string, string>) {
  const response = await api.get<Blob>(path, { params, responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  window.open(url, '_blank', 'noopener');
  // The tab has loaded it by then; the blob's memory is given back.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
