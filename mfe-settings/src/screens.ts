import { lazyPage, ROLES, type Permission, type Screen } from '@stockwise/shared';
import { NS, type SettingsKey } from './i18n';

/** Where this remote's screens start (shell: src/mf/areas.ts); unknown paths under it are not found. */
export const PREFIXES = ['settings'];

const settings: Permission[] = ['settings.manage'];
const users: Permission[] = ['users.manage'];
// The product offers Process Config and User/Role Management in the menu to Admins only; an
// owner, who holds every claim, still opens them by address.
const admins = [ROLES.admin];

/**
 * Every screen of this remote, each declared once: the routes and their guards are built from it,
 * and the shell builds the drawer from it. Screens without a page are "coming soon".
 */
export const SCREENS: Screen<SettingsKey>[] = [
  {
    path: 'settings/company',
    title: 'screens.company',
    claims: settings,
    menu: { group: 'settings', collapse: 'company-settings', order: 10 },
    page: lazyPage(() => import('./features/company').then((m) => m.CompanyPage)),
  },
  {
    path: 'settings/brands',
    title: 'screens.brands',
    claims: settings,
    menu: { group: 'settings', collapse: 'company-settings', order: 20 },
    page: lazyPage(() => import('./features/brands').then((m) => m.BrandsPage)),
  },
  {
    path: 'settings/label-settings',
    title: 'screens.labelSettings',
    claims: settings,
    menu: { group: 'settings', collapse: 'company-settings', order: 30 },
    page: lazyPage(() => import('./features/label-settings').then((m) => m.LabelSettingsPage)),
  },
  {
    path: 'settings/stores',
    title: 'screens.stores',
    claims: settings,
    menu: { group: 'settings', collapse: 'company-settings', order: 40 },
    page: lazyPage(() => import('./features/locations').then((m) => m.LocationsPage)),
  },
  {
    // Who may change how the company signs in: the API's claim for both of its calls.
    path: 'settings/security',
    title: 'screens.security',
    claims: settings,
    menu: { group: 'settings', collapse: 'company-settings', order: 50 },
    page: lazyPage(() => import('./features/security').then((m) => m.SecurityPage)),
  },
  {
    // Who changed which setting: read by who manages the settings (the API's claim, settings.manage).
    path: 'settings/audit-log',
    title: 'screens.auditLog',
    claims: settings,
    menu: { group: 'settings', collapse: 'company-settings', order: 60 },
    page: lazyPage(() => import('./features/audit-log').then((m) => m.AuditLogPage)),
  },
  {
    path: 'settings/item-types',
    title: 'screens.itemTypes',
    claims: settings,
    menu: { group: 'settings', collapse: 'process-config', order: 10, roles: admins },
    page: lazyPage(() => import('./features/item-types').then((m) => m.ItemTypesPage)),
  },
  {
    // The catalogue of models is company set-up like brands and item types: the same claim.
    path: 'settings/product-models',
    title: 'screens.productModels',
    claims: settings,
    menu: { group: 'settings', collapse: 'process-config', order: 15, roles: admins },
    page: lazyPage(() => import('./features/product-models').then((m) => m.ProductModelsPage)),
  },
  {
    path: 'settings/transaction-types',
    title: 'screens.transactionTypes',
    claims: settings,
    menu: { group: 'settings', collapse: 'process-config', order: 20, roles: admins },
    page: lazyPage(() => import('./features/transaction-types').then((m) => m.TransactionTypesPage)),
  },
  {
    path: 'settings/role-claims',
    title: 'screens.roleClaims',
    claims: users,
    menu: { group: 'settings', collapse: 'user-role-management', order: 10, roles: admins },
    page: lazyPage(() => import('./features/role-claims').then((m) => m.RoleClaimsPage)),
  },
  {
    path: 'settings/users',
    title: 'screens.users',
    claims: users,
    menu: { group: 'settings', collapse: 'user-role-management', order: 20, roles: admins },
    page: lazyPage(() => import('./features/users').then((m) => m.UsersPage)),
  },
  {
    path: 'settings/invitations',
    title: 'screens.invitations',
    claims: users,
    menu: { group: 'settings', collapse: 'user-role-management', order: 30, roles: admins },
    page: lazyPage(() => import('./features/invitations').then((m) => m.InvitationsPage)),
  },
  {
    path: 'settings/roles',
    title: 'screens.roles',
    claims: users,
    page: lazyPage(() => import('./features/roles').then((m) => m.RolesPage)),
  },
  {
    path: 'settings/role-management',
    title: 'screens.roleManagement',
    claims: users,
    page: lazyPage(() => import('./features/role-management').then((m) => m.RoleManagementPage)),
  },
];

/** Exposed as ./screens: what the shell builds the drawer from. */
export const TABLE = { namespace: NS, screens: SCREENS };
