import { call, type ApiOperations, type ApiResponse } from '@stockwise/shared';

// Stock-takes as the workspace's screens call them (types from the generated OpenAPI types).
export type Stocktake = ApiResponse<'getStocktake'>;
export type StocktakeSummary = ApiResponse<'listStocktakes'>['items'][number];
export type ScanAnswer = ApiResponse<'scanStocktake'>;
export type VarianceLine = ApiResponse<'getStocktakeVariance'>['items'][number];
export type Outcome = VarianceLine['outcome'];
export type VarianceQuery = ApiOperations['getStocktakeVariance']['query'];

export const listStocktakes = async () => (await call('GET', '/api/stocktakes')).items;
export const getStocktake = (id: string) => call('GET', '/api/stocktakes/{id}', { params: { id } });
export const openStocktake = (locationId: string | null) => call('POST', '/api/stocktakes', { body: { locationId } });
/** One scan with its own Idempotency-Key, made before the first attempt: a resend after a dropped answer counts once. */
export const scanSerial = (id: string, serial: string, key: string) =>
  call(
    'POST',
    '/api/stocktakes/{id}/scans',
    { params: { id }, body: { serial } },
    { headers: { 'Idempotency-Key': key } },
  );
export const stepStocktake = (id: string, step: 'pause' | 'resume' | 'close') =>
  call('POST', `/api/stocktakes/{id}/${step}`, { params: { id } });
export const applyStocktake = (id: string) => call('POST', '/api/stocktakes/{id}/apply', { params: { id } });
export const getVariance = (id: string, query: VarianceQuery) =>
  call('GET', '/api/stocktakes/{id}/variance', { params: { id }, query });
