import { call, type ApiOperations, type ApiResponse } from '@stockwise/shared';

// The report and dashboard API as the workspace's screens read it (types from the generated OpenAPI types).
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
export type ToReorderQuery = NonNullable<ApiOperations['getToReorderReport']['query']>;
export type ToReorderRow = ApiResponse<'getToReorderReport'>['items'][number];
export type AlertGroup = ApiResponse<'listAlerts'>['items'][number];

/** The reports' paths, for their CSV (`csvUrl`): the same route as the screen reads. */
export const REPORT_PATHS = {
  tracking: '/api/reports/tracking',
  warehouseStatus: '/api/reports/warehouse-status',
  inventory: '/api/reports/inventory',
  warranty: '/api/reports/warranty',
  toReorder: '/api/reports/to-reorder',
} as const;

export const getTrackingReport = (query: TrackingQuery) => call('GET', REPORT_PATHS.tracking, { query });
export const getWarehouseStatus = () => call('GET', REPORT_PATHS.warehouseStatus);
export const getInventoryReport = (query: InventoryQuery) => call('GET', REPORT_PATHS.inventory, { query });
export const getWarrantyReport = (query: WarrantyQuery) => call('GET', REPORT_PATHS.warranty, { query });
export const getDashboard = () => call('GET', '/api/dashboard');
export const getToReorderReport = (query: ToReorderQuery) => call('GET', REPORT_PATHS.toReorder, { query });
/** What the caller should act on, from every alert kind whose claim they hold (today: reorder). */
export const getAlerts = () => call('GET', '/api/alerts');

/** The company's people, to filter the tracking report by (offered to those who may list users). */
export const listUsers = () => call('GET', '/api/users');
