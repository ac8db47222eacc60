// The caller’s company: read it, and (settings.manage) change its name, industry, phone, logo, address, tax number, currency and tax rate.
export { CompanySchema, type Company } from './schemas.js';
export { getCompany } from './service.js';
export { MONEY_SETTINGS_JSON, type MoneySettings } from './queries.js';
export const COMPANY_PREFIX = '/api/company';
