export { QuantityStockPage } from './routes/QuantityStockPage';
