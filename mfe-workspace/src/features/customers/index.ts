export { CustomersPage } from './routes/CustomersPage';
