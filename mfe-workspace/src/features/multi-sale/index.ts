export { MultiSalePage } from './routes/MultiSalePage';
