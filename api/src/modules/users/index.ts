// The company's users: the list, seats, deactivation. Their roles are the roles module's.
export { CompanyUserSchema, UserLimitSchema } from './schemas.js';
