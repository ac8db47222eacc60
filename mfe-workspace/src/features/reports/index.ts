export { TrackingReportPage } from './routes/TrackingReportPage';
export { WarehouseStatusPage } from './routes/WarehouseStatusPage';
export { ItemInventoryPage } from './routes/ItemInventoryPage';
export { WarrantyListPage } from './routes/WarrantyListPage';
export { ToReorderPage } from './routes/ToReorderPage';
