export { companyRoutes } from './routes.js';
