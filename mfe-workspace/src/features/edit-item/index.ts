export { EditItemPage } from './routes/EditItemPage';
