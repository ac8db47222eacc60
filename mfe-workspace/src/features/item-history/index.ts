export { ItemHistoryPage } from './routes/ItemHistoryPage';
