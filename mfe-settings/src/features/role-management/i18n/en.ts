export const en = {
  roleManagement: {
    subtitle: 'Who holds which role. Each box gives or takes one role at once.',
    user: 'User',
    holds: '{{name}} holds {{role}}',
    deactivated: 'deactivated',
    nextRequest: 'A change applies to the user’s next request; their menu follows when they sign in again.',
    given: '{{name}} now holds {{role}}.',
    taken: '{{name}} no longer holds {{role}}.',
    refused: 'Not changed for {{name}}: {{message}}',
    failed: 'The roles could not be saved.',
    emptyTitle: 'No users yet',
  },
};
export type RoleManagementTexts = typeof en;
