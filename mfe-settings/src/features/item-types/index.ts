export { ItemTypesPage } from './routes/ItemTypesPage';
