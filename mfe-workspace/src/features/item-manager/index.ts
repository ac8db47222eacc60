export { ItemManagerPage, ItemListPage } from './routes/ItemManagerPage';
