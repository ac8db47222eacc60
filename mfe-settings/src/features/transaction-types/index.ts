export { TransactionTypesPage } from './routes/TransactionTypesPage';
