export { billingRoutes } from './routes.js';
export { paymentProviderFromConfig, WEBHOOK_PATH } from './providers/index.js';
