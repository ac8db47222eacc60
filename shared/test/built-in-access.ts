import type { MyAccess, Permission } from '../src/auth/access';

// Tests only: what GET /api/access answers for a holder of the built-in roles as a new company
// has them (api/README.md, "Authorization"). The browser itself never keeps this table: it asks
// the server, so an owner's edit of a role shows at once.
const ALL: Permission[] = [
  'items.view',
  'items.receive',
  'items.edit',
  'items.process',
  'items.sell',
  'items.cost.view',
  'reports.view',
  'dashboard.view',
  'customers.view',
  'customers.manage',
  'settings.manage',
  'users.manage',
  'billing.manage',
  'sales.void',
  'purchasing.manage',
];

export const BUILT_IN_PERMISSIONS: Record<string, Permission[]> = {
  'Company Owner': ALL,
  Admin: ALL.filter((p) => p !== 'billing.manage'),
  Storekeeper: ['items.view', 'items.process', 'items.edit', 'reports.view', 'purchasing.manage'],
  'New Item Operator': ['items.view', 'items.receive'],
  'Rapid Seller': ['items.view', 'items.sell', 'customers.view'],
  'Account Manager': ['customers.view', 'customers.manage'],
};

/** GET /api/access's answer for a user holding these roles, with claims given or taken on top. */
export function accessFor(
  roles: string[],
  {
    give = [],
    take = [],
    allTransactionTypes = roles.includes('Company Owner'),
  }: { give?: Permission[]; take?: Permission[]; allTransactionTypes?: boolean } = {},
): MyAccess {
  const held = new Set<Permission>(roles.flatMap((role) => BUILT_IN_PERMISSIONS[role] ?? []));
  give.forEach((p) => held.add(p));
  take.forEach((p) => held.delete(p));
  return {
    roles,
    permissions: ALL.filter((p) => held.has(p)),
    allTransactionTypes,
    transactionTypeIds: [],
  };
}
