// Purchase orders: what a company orders from its vendors, by product model, sent as a PDF and received against.
export { purchaseOrderRoutes } from './routes.js';
