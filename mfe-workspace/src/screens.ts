import { lazyPage, ROLES, type Screen } from '@stockwise/shared';
import type { WorkspaceKey } from './i18n';

const { admin, companyOwner, storekeeper, newItemOperator, rapidSeller, accountManager } = ROLES;
const reporting = [companyOwner, admin, storekeeper];
const sellers = [rapidSeller, companyOwner, admin];
const accounts = [companyOwner, admin, accountManager];

/** Where this remote's screens start (shell: src/mf/areas.ts); unknown paths under them are not found. */
export const PREFIXES = ['actions', 'item-status', 'reporting', 'customers', 'profile'];

/**
 * Every screen of this remote: the routes are built from it, and a shell test checks that each
 * menu entry points at one of these with the same roles (spec §6). Screens without a page are
 * "coming soon" until their issue builds them.
 */
export const SCREENS: Screen<WorkspaceKey>[] = [
  // The menu shows Dashboard to Admins too; the shell's guard keeps the page for Company Owners.
  {
    path: 'dashboard',
    title: 'screens.dashboard',
    roles: [admin, companyOwner],
    page: lazyPage(() => import('@/features/dashboard').then((m) => m.DashboardPage)),
  },
  {
    path: 'my-tasks',
    title: 'screens.myTasks',
    page: lazyPage(() => import('@/features/my-tasks').then((m) => m.MyTasksPage)),
  },
  {
    path: 'actions/inventory-reception',
    title: 'screens.addItem',
    roles: [newItemOperator, companyOwner, admin],
    page: lazyPage(() => import('@/features/reception').then((m) => m.ReceptionPage)),
  },
  {
    path: 'actions/item-process',
    title: 'screens.itemProcess',
    roles: [companyOwner],
    page: lazyPage(() => import('@/features/batch-actions').then((m) => m.ItemProcessPage)),
  },
  {
    path: 'actions/rapid-sell',
    title: 'screens.rapidSell',
    roles: sellers,
    page: lazyPage(() => import('@/features/rapid-sell').then((m) => m.RapidSellPage)),
  },
  {
    path: 'actions/multi-sale',
    title: 'screens.multiSale',
    roles: sellers,
    page: lazyPage(() => import('@/features/multi-sale').then((m) => m.MultiSalePage)),
  },
  {
    path: 'actions/change-location',
    title: 'screens.changeLocation',
    page: lazyPage(() => import('@/features/batch-actions').then((m) => m.ChangeLocationPage)),
  },
  {
    path: 'item-status/status-change',
    title: 'screens.changeStatus',
    page: lazyPage(() => import('@/features/batch-actions').then((m) => m.StatusChangePage)),
  },
  {
    path: 'item-status/item-search',
    title: 'screens.itemHistory',
    roles: reporting,
    page: lazyPage(() => import('@/features/item-history').then((m) => m.ItemHistoryPage)),
  },
  {
    path: 'item-status/item-manager',
    title: 'screens.itemManager',
    page: lazyPage(() => import('@/features/item-manager').then((m) => m.ItemManagerPage)),
  },
  {
    path: 'reporting/tracking-report',
    title: 'screens.trackingReport',
    roles: reporting,
    page: lazyPage(() => import('@/features/reports').then((m) => m.TrackingReportPage)),
  },
  {
    path: 'reporting/warehouse-status',
    title: 'screens.warehouseStatus',
    roles: reporting,
    page: lazyPage(() => import('@/features/reports').then((m) => m.WarehouseStatusPage)),
  },
  {
    path: 'reporting/item-list',
    title: 'screens.itemList',
    roles: reporting,
    page: lazyPage(() => import('@/features/item-list').then((m) => m.ItemListPage)),
  },
  {
    path: 'reporting/item-inventory',
    title: 'screens.itemInventory',
    roles: reporting,
    page: lazyPage(() => import('@/features/reports').then((m) => m.ItemInventoryPage)),
  },
  {
    path: 'reporting/warranty-list',
    title: 'screens.warrantyList',
    roles: reporting,
    page: lazyPage(() => import('@/features/reports').then((m) => m.WarrantyListPage)),
  },
  {
    path: 'reporting/edit-item',
    title: 'screens.editItem',
    roles: reporting,
    page: lazyPage(() => import('@/features/edit-item').then((m) => m.EditItemPage)),
  },
  {
    path: 'customers/list',
    title: 'screens.customers',
    roles: accounts,
    page: lazyPage(() => import('@/features/customers').then((m) => m.CustomersPage)),
  },
  {
    path: 'customers/history',
    title: 'screens.customerHistory',
    roles: accounts,
    page: lazyPage(() => import('@/features/customer-history').then((m) => m.CustomerHistoryPage)),
  },
  {
    path: 'profile',
    title: 'screens.profile',
    page: lazyPage(() => import('@/features/profile').then((m) => m.ProfilePage)),
  },
  {
    path: 'profile/security',
    title: 'screens.security',
    page: lazyPage(() => import('@/features/security').then((m) => m.SecurityPage)),
  },
];
