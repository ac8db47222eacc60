export { DashboardPage } from './routes/DashboardPage';
