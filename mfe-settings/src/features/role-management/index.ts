export { RoleManagementPage } from './routes/RoleManagementPage';
