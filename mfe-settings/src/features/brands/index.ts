export { BrandsPage } from './routes/BrandsPage';
