import { ROLES, rolesOf, session } from '@stockwise/shared';

// What the interface offers: the permissions of the built-in roles (api/README.md, "Authorization").
// The API enforces them on its own; a custom role's claims are not in the token, so a holder of one
// is offered the action and the API's answer decides.
export type Permission =
  | 'items.view'
  | 'items.receive'
  | 'items.edit'
  | 'items.process'
  | 'items.sell'
  | 'reports.view'
  | 'customers.view'
  | 'customers.manage';

const ALL: Permission[] = [
  'items.view',
  'items.receive',
  'items.edit',
  'items.process',
  'items.sell',
  'reports.view',
  'customers.view',
  'customers.manage',
];

const BUILT_IN: Record<string, Permission[]> = {
  [ROLES.companyOwner]: ALL,
  [ROLES.admin]: ALL,
  [ROLES.storekeeper]: ['items.view', 'items.process', 'items.edit', 'reports.view'],
  [ROLES.newItemOperator]: ['items.view', 'items.receive'],
  [ROLES.rapidSeller]: ['items.view', 'items.sell', 'customers.view'],
  [ROLES.accountManager]: ['customers.view', 'customers.manage'],
};

/** True when the signed-in user's roles (from the stored token) may run this. */
export function may(permission: Permission, token: string | null = session.get().token): boolean {
  const roles = rolesOf(token);
  return roles.some((role) => (BUILT_IN[role] ? BUILT_IN[role].includes(permission) : true));
}
