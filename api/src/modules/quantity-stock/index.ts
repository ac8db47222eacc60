// Quantity stock: product models tracked by quantity per location (cables, cases), their ledger,
// and the sale's lines of a model × quantity.
export { quantityStockRoutes } from './routes.js';
export {
  takeForSale,
  recordSold,
  putBackForVoid,
  receiveAgainstOrder,
  type OrderQuantityReception,
  type QuantityLineAsked,
} from './service.js';
export { QuantityStockSchema, type QuantityStock } from './schemas.js';
