// Sales: the document around the engine's Sell type (rapid sell = a sale of one line).
export { createSale } from './service.js';
