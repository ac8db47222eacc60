export { PurchaseOrdersPage } from './routes/PurchaseOrdersPage';
export { PurchaseOrderPage } from './routes/PurchaseOrderPage';
