// The settings remote's texts (namespace 'settings'). Turkish in tr.ts has exactly these keys.
export const en = {
  screens: {
    stores: 'Locations',
    users: 'User & User Roles',
    itemTypes: 'Item Types',
    transactionTypes: 'Transaction Types',
    roles: 'Roles',
    roleManagement: 'Role Management',
    roleClaims: 'Roles and Transaction Type Access',
    invitations: 'User Invitations',
    labelSettings: 'Label Settings',
    company: 'Company Info',
    brands: 'Brands',
  },
};
export type SettingsTexts = typeof en;
