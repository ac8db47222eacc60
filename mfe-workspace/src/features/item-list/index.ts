export { ItemListPage } from './routes/ItemListPage';
