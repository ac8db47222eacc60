export { StocktakesPage } from './routes/StocktakesPage';
export { StocktakeCountPage } from './routes/StocktakeCountPage';
