import { lazyPage, ROLES, type Screen } from '@stockwise/shared';
import type { SettingsKey } from './i18n';

const { admin, companyOwner } = ROLES;
const owners = [admin, companyOwner];
const admins = [admin];

/** Where this remote's screens start (shell: src/mf/areas.ts); unknown paths under it are not found. */
export const PREFIXES = ['settings'];

/**
 * Every screen of this remote: the routes are built from it, and a shell test checks that each
 * menu entry points at one of these with the same roles (spec §6). Screens without a page are
 * "coming soon" until their issue builds them.
 */
export const SCREENS: Screen<SettingsKey>[] = [
  {
    path: 'settings/company',
    title: 'screens.company',
    roles: owners,
    page: lazyPage(() => import('./features/company').then((m) => m.CompanyPage)),
  },
  {
    path: 'settings/brands',
    title: 'screens.brands',
    roles: owners,
    page: lazyPage(() => import('./features/brands').then((m) => m.BrandsPage)),
  },
  {
    path: 'settings/label-settings',
    title: 'screens.labelSettings',
    roles: owners,
    page: lazyPage(() => import('./features/label-settings').then((m) => m.LabelSettingsPage)),
  },
  {
    path: 'settings/stores',
    title: 'screens.stores',
    roles: owners,
    page: lazyPage(() => import('./features/locations').then((m) => m.LocationsPage)),
  },
  {
    path: 'settings/item-types',
    title: 'screens.itemTypes',
    roles: admins,
    page: lazyPage(() => import('./features/item-types').then((m) => m.ItemTypesPage)),
  },
  {
    path: 'settings/transaction-types',
    title: 'screens.transactionTypes',
    roles: admins,
    page: lazyPage(() => import('./features/transaction-types').then((m) => m.TransactionTypesPage)),
  },
  {
    path: 'settings/role-claims',
    title: 'screens.roleClaims',
    roles: admins,
    page: lazyPage(() => import('./features/role-claims').then((m) => m.RoleClaimsPage)),
  },
  {
    path: 'settings/users',
    title: 'screens.users',
    roles: admins,
    page: lazyPage(() => import('./features/users').then((m) => m.UsersPage)),
  },
  {
    path: 'settings/invitations',
    title: 'screens.invitations',
    roles: admins,
    page: lazyPage(() => import('./features/invitations').then((m) => m.InvitationsPage)),
  },
  {
    path: 'settings/roles',
    title: 'screens.roles',
    roles: admins,
    page: lazyPage(() => import('./features/roles').then((m) => m.RolesPage)),
  },
  {
    path: 'settings/role-management',
    title: 'screens.roleManagement',
    roles: admins,
    page: lazyPage(() => import('./features/role-management').then((m) => m.RoleManagementPage)),
  },
];
