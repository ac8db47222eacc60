// The caller's company: read it, and (settings.manage) change its name, industry, phone and logo.
export { CompanySchema } from './schemas.js';
export const COMPANY_PREFIX = '/api/company';
