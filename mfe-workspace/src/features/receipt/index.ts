export { ReceiptPage } from './routes/ReceiptPage';
