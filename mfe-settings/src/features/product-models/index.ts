export { ProductModelsPage } from './routes/ProductModelsPage';
