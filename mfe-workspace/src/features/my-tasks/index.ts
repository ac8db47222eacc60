export { MyTasksPage } from './routes/MyTasksPage';
