export { RolesPage } from './routes/RolesPage';
