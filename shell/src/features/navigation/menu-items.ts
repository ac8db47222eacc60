import { ROLES } from '@stockwise/shared';
import type { ShellKey } from '@/i18n';

// The side menu of spec §2, with the visibility rules of spec §6. Titles are i18n keys of the
// 'shell' namespace. An entry's id is the path segment that selects it on load (spec §4).

export type MenuEntryType = 'group' | 'collapse' | 'item';

export type MenuIcon =
  | 'dashboard'
  | 'tasks'
  | 'addItem'
  | 'search'
  | 'rapidSell'
  | 'multiSale'
  | 'changeLocation'
  | 'changeStatus'
  | 'list'
  | 'inventory'
  | 'warranty'
  | 'edit'
  | 'history'
  | 'customers'
  | 'settings'
  | 'company'
  | 'process'
  | 'users'
  | 'support';

export interface MenuChip {
  label: ShellKey;
  color?: 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
}

export interface MenuEntry {
  id: string;
  title: ShellKey;
  /** Typed as string so that an entry of an unknown type (spec §8) can be represented. */
  type: MenuEntryType | (string & {});
  url?: string;
  icon?: MenuIcon;
  /** Roles that see the entry; absent means everyone signed in. */
  visibleTo?: readonly string[];
  /** Present in the tree but never shown (spec §2: Change Location, Change Status). */
  hidden?: boolean;
  chip?: MenuChip;
  children?: MenuEntry[];
}

const { admin, companyOwner, storekeeper, newItemOperator, rapidSeller, accountManager } = ROLES;

export const MENU: MenuEntry[] = [
  {
    id: 'my-view',
    title: 'menu.myView',
    type: 'group',
    children: [
      {
        id: 'dashboard',
        title: 'menu.dashboard',
        type: 'item',
        url: '/dashboard',
        icon: 'dashboard',
        visibleTo: [admin, companyOwner],
        // Admins see the entry, but the page is the owner's (spec §6): the chip says so.
        chip: { label: 'menu.ownerChip', color: 'primary' },
      },
      { id: 'my-tasks', title: 'menu.myTasks', type: 'item', url: '/my-tasks', icon: 'tasks' },
    ],
  },
  {
    id: 'actions',
    title: 'menu.actions',
    type: 'group',
    children: [
      {
        id: 'inventory-reception',
        title: 'menu.addItem',
        type: 'item',
        url: '/actions/inventory-reception',
        icon: 'addItem',
        visibleTo: [newItemOperator, companyOwner, admin],
      },
      {
        id: 'item-process',
        title: 'menu.searchItem',
        type: 'item',
        url: '/actions/item-process',
        icon: 'search',
        visibleTo: [companyOwner],
      },
      {
        id: 'rapid-sell',
        title: 'menu.rapidSell',
        type: 'item',
        url: '/actions/rapid-sell',
        icon: 'rapidSell',
        visibleTo: [rapidSeller, companyOwner, admin],
      },
      {
        id: 'multi-sale',
        title: 'menu.multiSale',
        type: 'item',
        url: '/actions/multi-sale',
        icon: 'multiSale',
        visibleTo: [rapidSeller, companyOwner, admin],
      },
      {
        id: 'change-location',
        title: 'menu.changeLocation',
        type: 'item',
        url: '/actions/change-location',
        icon: 'changeLocation',
        hidden: true,
      },
      {
        id: 'status-change',
        title: 'menu.changeStatus',
        type: 'item',
        url: '/item-status/status-change',
        icon: 'changeStatus',
        hidden: true,
      },
    ],
  },
  {
    id: 'reporting',
    title: 'menu.reporting',
    type: 'group',
    visibleTo: [companyOwner, admin, storekeeper],
    children: [
      { id: 'item-list', title: 'menu.itemList', type: 'item', url: '/reporting/item-list', icon: 'list' },
      {
        id: 'item-inventory',
        title: 'menu.itemInventory',
        type: 'item',
        url: '/reporting/item-inventory',
        icon: 'inventory',
      },
      {
        id: 'warranty-list',
        title: 'menu.warrantyList',
        type: 'item',
        url: '/reporting/warranty-list',
        icon: 'warranty',
      },
      { id: 'edit-item', title: 'menu.editItem', type: 'item', url: '/reporting/edit-item', icon: 'edit' },
      {
        id: 'item-search',
        title: 'menu.itemHistory',
        type: 'item',
        url: '/item-status/item-search',
        icon: 'history',
      },
    ],
  },
  {
    id: 'account-management',
    title: 'menu.accountManagement',
    type: 'group',
    visibleTo: [companyOwner, admin, accountManager],
    children: [
      { id: 'list', title: 'menu.customers', type: 'item', url: '/customers/list', icon: 'customers' },
      { id: 'history', title: 'menu.customerHistory', type: 'item', url: '/customers/history', icon: 'history' },
    ],
  },
  {
    id: 'settings',
    title: 'menu.settings',
    type: 'group',
    visibleTo: [admin, companyOwner],
    children: [
      {
        id: 'company-settings',
        title: 'menu.company',
        type: 'collapse',
        icon: 'company',
        children: [
          { id: 'company', title: 'menu.companyInfo', type: 'item', url: '/settings/company' },
          { id: 'brands', title: 'menu.brands', type: 'item', url: '/settings/brands' },
          { id: 'label-settings', title: 'menu.labelSettings', type: 'item', url: '/settings/label-settings' },
          { id: 'stores', title: 'menu.locations', type: 'item', url: '/settings/stores' },
        ],
      },
      {
        id: 'process-config',
        title: 'menu.processConfig',
        type: 'collapse',
        icon: 'process',
        visibleTo: [admin],
        children: [
          { id: 'item-types', title: 'menu.itemTypes', type: 'item', url: '/settings/item-types' },
          {
            id: 'transaction-types',
            title: 'menu.transactionTypes',
            type: 'item',
            url: '/settings/transaction-types',
          },
        ],
      },
      {
        id: 'user-role-management',
        title: 'menu.userRoleManagement',
        type: 'collapse',
        icon: 'users',
        visibleTo: [admin],
        children: [
          { id: 'role-claims', title: 'menu.rolesAccess', type: 'item', url: '/settings/role-claims' },
          { id: 'users', title: 'menu.users', type: 'item', url: '/settings/users' },
          { id: 'invitations', title: 'menu.invitations', type: 'item', url: '/settings/invitations' },
        ],
      },
    ],
  },
  {
    id: 'support',
    title: 'menu.support',
    type: 'group',
    children: [{ id: 'contact', title: 'menu.sendMessage', type: 'item', url: '/contact', icon: 'support' }],
  },
];
