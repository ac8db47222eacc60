export { paymentProviderFromConfig, WEBHOOK_PATH } from './providers/index.js';
// Plan usage (limits and what is in use), for the dashboard.
export { usage } from './service.js';
export { UsageSchema } from './schemas.js';
