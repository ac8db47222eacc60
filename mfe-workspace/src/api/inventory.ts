import { call, type ApiBody, type ApiOperations, type ApiResponse } from '@stockwise/shared';

// The inventory API as the workspace's screens call it (types from the generated OpenAPI types).
export type Item = ApiResponse<'getItem'>;
export type ItemEvent = ApiResponse<'getItemHistory'>['events'][number];
export type ItemPage = ApiResponse<'listItems'>;
export type ItemQuery = ApiOperations['listItems']['query'];
export type Sale = ApiResponse<'createSale'>;
export type SaleRequest = ApiBody<'createSale'>;
export type ReceiveRequest = ApiBody<'receiveItems'>;
export type TransactionRequest = ApiBody<'runTransaction'>;
export type ItemPatch = ApiBody<'updateItem'>;
export type Customer = ApiResponse<'getCustomer'>;
export type CustomerPage = ApiResponse<'listCustomers'>;
export type ItemType = ApiResponse<'getItemType'>;
export type FieldDefinition = ItemType['fields'][number];
export type Brand = ApiResponse<'getBrand'>;
export type Location = ApiResponse<'getLocation'>;
export type TransactionType = ApiResponse<'getTransactionType'>;
export type StatusKey = Item['status'];
export type Status = ApiResponse<'listStatuses'>['items'][number];
export type LabelSettings = ApiResponse<'getLabelSettings'>;
export type Company = ApiResponse<'getMyCompany'>;

export const getItem = (id: string) => call('GET', '/api/items/{id}', { params: { id } });
export const getItemBySerial = (serial: string) => call('GET', '/api/items/by-serial/{serial}', { params: { serial } });
export const getItemHistory = async (id: string) =>
  (await call('GET', '/api/items/{id}/history', { params: { id } })).events;
export const updateItem = (id: string, body: ItemPatch) => call('PATCH', '/api/items/{id}', { params: { id }, body });
export const listItems = (query: ItemQuery) => call('GET', '/api/items', { query });
export const receiveItems = async (body: ReceiveRequest) => (await call('POST', '/api/items/receive', { body })).items;
export const createSale = (body: SaleRequest) => call('POST', '/api/sales', { body });
export const runTransaction = async (body: TransactionRequest) =>
  (await call('POST', '/api/transactions', { body })).events;
/** Pickers offer active customers only; looking someone up for their history finds the deactivated too. */
export const searchCustomers = async (search: string, kind?: 'customer' | 'vendor', includeInactive = false) =>
  (
    await call('GET', '/api/customers', {
      query: { search: search || undefined, kind, active: includeInactive ? undefined : 'true', limit: 20 },
    })
  ).items;
/** A new customer (or vendor) by name, added where it turns up: at the till or at reception. */
export const addCustomer = (name: string, kind: 'customer' | 'vendor') =>
  call('POST', '/api/customers', { body: { name, isCustomer: kind === 'customer', isVendor: kind === 'vendor' } });
export const listItemTypes = async () => (await call('GET', '/api/item-types')).items;
export const listBrands = async () => (await call('GET', '/api/brands')).items;
/** An item type's product models, not archived, in name order (the first 100: a reception picks from them). */
export const listModelsOf = async (itemTypeId: string) =>
  (await call('GET', '/api/product-models', { query: { itemTypeId, limit: 100 } })).items;
export type ProductModel = Awaited<ReturnType<typeof listModelsOf>>[number];
export const listLocations = async () => (await call('GET', '/api/locations')).items;
export const listStatuses = async () => (await call('GET', '/api/statuses')).items;
export const listTransactionTypes = async () => (await call('GET', '/api/transaction-types')).items;
export const getLabelSettings = () => call('GET', '/api/label-settings');
export const getMyCompany = () => call('GET', '/api/company');
