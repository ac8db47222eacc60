export { ItemManagerPage } from './routes/ItemManagerPage';
