export { LoansPage } from './routes/LoansPage';
