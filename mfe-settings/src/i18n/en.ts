// The settings remote's texts (namespace 'settings'). Turkish in tr.ts has exactly these keys.
export const en = {
  screens: {
    stores: 'Locations',
    users: 'User & User Roles',
    itemTypes: 'Item Types',
    productModels: 'Product Models',
    transactionTypes: 'Transaction Types',
    roles: 'Roles',
    roleManagement: 'Role Management',
    roleClaims: 'Roles and Transaction Type Access',
    invitations: 'User Invitations',
    labelSettings: 'Label Settings',
    company: 'Company Info',
    brands: 'Brands',
    security: 'Security',
    auditLog: 'Audit Log',
  },
  plan: {
    usage: '{{used}} of {{max}} used',
    usageLabel: '{{what}} on the {{plan}} plan',
    atLimit: 'You have reached your plan’s limit.',
    goPremium: 'Go Premium',
    askOwner: 'Ask the Company Owner to upgrade to Premium.',
    seats: 'Seats (users and pending invitations)',
  },
  list: {
    actions: 'Actions',
    edit: 'Edit {{name}}',
    remove: 'Delete {{name}}',
    deleteTitle: 'Delete {{name}}?',
    nameRequired: 'Enter a name.',
    tooLong: 'Use at most {{max}} characters.',
  },
  roles: {
    label: 'Roles',
    required: 'Choose at least one role.',
    ownerOnly: 'Only a Company Owner can give or take this role.',
    loadError: 'The roles could not be loaded.',
  },
};
export type SettingsTexts = typeof en;
