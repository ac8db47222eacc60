export { LocationsPage } from './routes/LocationsPage';
