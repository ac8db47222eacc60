import { call, type ApiOperations, type ApiResponse } from '@stockwise/shared';

// Purchase orders as the workspace's screens call them (types from the generated OpenAPI types).
export type PurchaseOrder = ApiResponse<'getPurchaseOrder'>;
export type PurchaseOrderLine = PurchaseOrder['lines'][number];
export type PurchaseOrderSummary = ApiResponse<'listPurchaseOrders'>['items'][number];
export type PurchaseOrderStatus = PurchaseOrder['status'];
export type PurchaseOrderQuery = ApiOperations['listPurchaseOrders']['query'];
export type PurchaseOrderBody = ApiOperations['createPurchaseOrder']['body'];
export type ReceiveAgainstBody = ApiOperations['receiveAgainstPurchaseOrder']['body'];

export const listPurchaseOrders = (query: PurchaseOrderQuery) => call('GET', '/api/purchase-orders', { query });
export const getPurchaseOrder = (id: string) => call('GET', '/api/purchase-orders/{id}', { params: { id } });
export const createPurchaseOrder = (body: PurchaseOrderBody) => call('POST', '/api/purchase-orders', { body });
export const updatePurchaseOrder = (id: string, body: PurchaseOrderBody) =>
  call('PUT', '/api/purchase-orders/{id}', { params: { id }, body });
export const sendPurchaseOrder = (id: string, lang: 'en' | 'tr') =>
  call('POST', '/api/purchase-orders/{id}/send', { params: { id }, body: { lang } });
export const cancelPurchaseOrder = (id: string) => call('POST', '/api/purchase-orders/{id}/cancel', { params: { id } });
/** A reception against an order's line, with its own Idempotency-Key (a resend after a dropped answer receives once). */
export const receiveAgainstOrder = (id: string, body: ReceiveAgainstBody, key: string) =>
  call('POST', '/api/purchase-orders/{id}/receive', { params: { id }, body }, { headers: { 'Idempotency-Key': key } });
/** The models an order offers for what was typed (any part of the name or barcode), 20 in name order. */
export const searchOrderableModels = async (search: string) =>
  (await call('GET', '/api/product-models', { query: { limit: 20, ...(search ? { search } : {}) } })).items;
export type OrderableModel = Awaited<ReturnType<typeof searchOrderableModels>>[number];
/** A model an order's line names (a draft opened again: its cost is shown beside the line). */
export const getOrderableModel = (id: string) => call('GET', '/api/product-models/{id}', { params: { id } });
