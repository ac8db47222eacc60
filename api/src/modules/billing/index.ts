export { billingRoutes } from './routes.js';
export { paymentProviderFromConfig, WEBHOOK_PATH } from './routes.js';
