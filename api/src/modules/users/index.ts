export { userRoutes } from './routes.js';
