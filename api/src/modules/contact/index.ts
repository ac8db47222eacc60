// The landing page's contact form: a visitor's message, stored (rate-limited per address).
export { CONTACT_LIMIT_PER_HOUR } from './service.js';
export const CONTACT_PREFIX = '/api/contact';
