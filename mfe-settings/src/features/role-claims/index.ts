export { RoleClaimsPage } from './routes/RoleClaimsPage';
