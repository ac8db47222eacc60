import { api, type ApiBody, type ApiOperations, type ApiResponse } from '@stockwise/shared';

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

const path = (value: string) => encodeURIComponent(value);

export const getItem = async (id: string) => (await api.get<Item>(`/api/items/${path(id)}`)).data;
export const getItemBySerial = async (serial: string) =>
  (await api.get<Item>(`/api/items/by-serial/${path(serial)}`)).data;
export const getItemHistory = async (id: string) =>
  (await api.get<ApiResponse<'getItemHistory'>>(`/api/items/${path(id)}/history`)).data.events;
export const updateItem = async (id: string, body: ItemPatch) =>
  (await api.patch<Item>(`/api/items/${path(id)}`, body)).data;
export const listItems = async (query: ItemQuery) => (await api.get<ItemPage>('/api/items', { params: query })).data;
export const receiveItems = async (body: ReceiveRequest) =>
  (await api.post<ApiResponse<'receiveItems'>>('/api/items/receive', body)).data.items;
export const createSale = async (body: SaleRequest) => (await api.post<Sale>('/api/sales', body)).data;
export const runTransaction = async (body: TransactionRequest) =>
  (await api.post<ApiResponse<'runTransaction'>>('/api/transactions', body)).data.events;
export const searchCustomers = async (search: string, kind?: 'customer' | 'vendor') =>
  (await api.get<CustomerPage>('/api/customers', { params: { search: search || undefined, kind, limit: 20 } })).data
    .items;
export const listItemTypes = async () => (await api.get<ApiResponse<'listItemTypes'>>('/api/item-types')).data.items;
export const listBrands = async () => (await api.get<ApiResponse<'listBrands'>>('/api/brands')).data.items;
export const listLocations = async () => (await api.get<ApiResponse<'listLocations'>>('/api/locations')).data.items;
export const listStatuses = async () => (await api.get<ApiResponse<'listStatuses'>>('/api/statuses')).data.items;
export const listTransactionTypes = async () =>
  (await api.get<ApiResponse<'listTransactionTypes'>>('/api/transaction-types')).data.items;
export const getLabelSettings = async () => (await api.get<LabelSettings>('/api/label-settings')).data;
export const getMyCompany = async () => (await api.get<Company>('/api/company')).data;
