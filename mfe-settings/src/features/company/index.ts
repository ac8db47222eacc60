export { CompanyPage } from './routes/CompanyPage';
