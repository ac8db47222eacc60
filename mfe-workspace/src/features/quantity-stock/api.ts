import { call, type ApiResponse } from '@stockwise/shared';

// Quantity stock: a model tracked by quantity per location (api: modules/quantity-stock).
export type QuantityStock = ApiResponse<'getQuantityStock'>;
export type QuantityMove = ApiResponse<'listQuantityMoves'>['items'][number];
export type Movement = 'receive' | 'move' | 'count';

/** The models sold by quantity (the first 100 by name; the search narrows them). */
export const listQuantityModels = async (search: string) =>
  (await call('GET', '/api/product-models', { query: { limit: 100, ...(search ? { search } : {}) } })).items.filter(
    (m) => m.trackedByQuantity,
  );

export const getQuantityStock = (id: string) => call('GET', '/api/product-models/{id}/stock', { params: { id } });
export const listQuantityMoves = async (id: string) =>
  (await call('GET', '/api/product-models/{id}/stock/moves', { params: { id }, query: { limit: 50 } })).items;

export const receiveQuantity = (id: string, body: { locationId: string; quantity: number; reason?: string }) =>
  call('POST', '/api/product-models/{id}/stock/receive', { params: { id }, body });
export const moveQuantity = (
  id: string,
  body: { fromLocationId: string; toLocationId: string; quantity: number; reason?: string },
) => call('POST', '/api/product-models/{id}/stock/move', { params: { id }, body });
export const countQuantity = (id: string, body: { locationId: string; counted: number; reason: string }) =>
  call('POST', '/api/product-models/{id}/stock/count', { params: { id }, body });
