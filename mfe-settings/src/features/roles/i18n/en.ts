export const en = {
  roleList: {
    subtitle:
      'The six built-in roles and your own. A role’s permissions decide which screens and actions its holders reach.',
    add: 'Add role',
    name: 'Name',
    nameHint: 'Users and invitations name roles by this.',
    builtIn: 'built-in',
    users: 'Users',
    permissionsOf: 'Permissions of {{name}}',
    rename: 'Rename {{name}}',
    renameTitle: 'Rename {{name}}',
    saved: 'Role saved.',
    deleted: 'Role deleted.',
    deleteBody: 'A role can be deleted only while nobody holds it and no pending invitation names it.',
    emptyTitle: 'No roles yet',
    permissionsTitle: 'Permissions of {{name}}',
    permissionsHint:
      'Applies to every holder’s next request. Which transaction types the role may run is set in Roles and Transaction Type Access.',
    permissionsSaved: 'Permissions saved.',
    ownerAll: 'The Company Owner holds every permission; it cannot lose any.',
    groups: { items: 'Items', customers: 'Customers', company: 'Company' },
    permissions: {
      items_view: 'See items and their history',
      items_receive: 'Receive items',
      items_edit: 'Edit items',
      items_process: 'Process and move items',
      items_sell: 'Sell items',
      reports_view: 'See reports',
      dashboard_view: 'See the dashboard',
      customers_view: 'See customers',
      customers_manage: 'Manage customers',
      settings_manage: 'Manage company settings',
      users_manage: 'Manage users, roles and invitations',
      billing_manage: 'Manage billing',
    },
  },
};
export type RoleTexts = typeof en;
