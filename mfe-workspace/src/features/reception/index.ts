export { ReceptionPage } from './routes/ReceptionPage';
