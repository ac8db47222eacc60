export { SecurityPage } from './routes/SecurityPage';
