export { CustomerHistoryPage } from './routes/CustomerHistoryPage';
