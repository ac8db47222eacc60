export { once, type Answer } from './service.js';
export { IdempotencyHeaders } from './schemas.js';
