// Roles and role claims: the company's roles, what each may do, and who holds which.
export { RoleSchema } from './schemas.js';
export { assertMayGrantRoles } from './service.js';

/** Unique constraints of this module, as field + message (409). */
export const ROLE_CONSTRAINTS: Record<string, [string, string]> = {
  roles_company_id_name_key: ['name', 'A role with this name already exists.'],
};
