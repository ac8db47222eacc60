export { environmentRoutes } from './routes.js';
export { describeEnvironment } from './routes.js';
