import { api, type ApiOperations, type ApiResponse } from '@stockwise/shared';

// The report and dashboard API as the workspace's screens read it (types generated from the OpenAPI document).
export type TrackingQuery = NonNullable<ApiOperations['getTrackingReport']['query']>;
export type TrackingPage = ApiResponse<'getTrackingReport'>;
export type TrackingRow = TrackingPage['items'][number];
export type WarehouseStatus = ApiResponse<'getWarehouseStatus'>;
export type InventoryQuery = NonNullable<ApiOperations['getInventoryReport']['query']>;
export type InventoryReport = ApiResponse<'getInventoryReport'>;
export type InventoryRow = InventoryReport['items'][number];
export type GroupBy = InventoryReport['groupBy'];
export type WarrantyQuery = NonNullable<ApiOperations['getWarrantyReport']['query']>;
export type WarrantyPage = ApiResponse<'getWarrantyReport'>;
export type WarrantyRow = WarrantyPage['items'][number];
export type Dashboard = ApiResponse<'getDashboard'>;

export const REPORT_PATHS = {
  tracking: '/api/reports/tracking',
  warehouseStatus: '/api/reports/warehouse-status',
  inventory: '/api/reports/inventory',
  warranty: '/api/reports/warranty',
} as const;

export const getTrackingReport = async (query: TrackingQuery) =>
  (await api.get<TrackingPage>(REPORT_PATHS.tracking, { params: query })).data;
export const getWarehouseStatus = async () => (await api.get<WarehouseStatus>(REPORT_PATHS.warehouseStatus)).data;
export const getInventoryReport = async (query: InventoryQuery) =>
  (await api.get<InventoryReport>(REPORT_PATHS.inventory, { params: query })).data;
export const getWarrantyReport = async (query: WarrantyQuery) =>
  (await api.get<WarrantyPage>(REPORT_PATHS.warranty, { params: query })).data;
export const getDashboard = async () => (await api.get<Dashboard>('/api/dashboard')).data;

/** The company's people, to filter the tracking report by (offered to those who may list users). */
export const listUsers = async () => (await api.get<ApiResponse<'listUsers'>>('/api/users')).data;
