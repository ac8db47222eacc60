import type { Permission } from '@/api/roles';

/** Every permission the API knows, grouped as the screen shows them (the type keeps it complete). */
export const PERMISSION_GROUPS = {
  items: [
    'items.view',
    'items.receive',
    'items.edit',
    'items.process',
    'items.sell',
    'items.cost.view',
    'sales.void',
    'warranty.manage',
    'stock.count',
    'stock.reorder',
    'purchasing.manage',
    'items.lend',
  ],
  customers: ['customers.view', 'customers.manage'],
  company: ['reports.view', 'dashboard.view', 'settings.manage', 'users.manage', 'billing.manage'],
} as const satisfies Record<string, readonly Permission[]>;

type Listed = (typeof PERMISSION_GROUPS)[keyof typeof PERMISSION_GROUPS][number];
// A permission the API adds and this list lacks fails the typecheck here.
const complete: [Exclude<Permission, Listed>] extends [never] ? true : never = true;
void complete;

/** A permission as a translation key (i18next reads dots as nesting): every dot, items.cost.view too. */
export const permissionKey = (p: Permission) => p.replaceAll('.', '_') as `${string}_${string}`;
