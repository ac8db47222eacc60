export const en = {
  roleClaims: {
    subtitle: 'Which roles may run each transaction type. A change applies to every affected user’s next request.',
    type: 'Transaction type',
    inactive: 'inactive',
    builtIn: 'built-in',
    may: '{{role}} may run {{type}}',
    ownerAll: 'The Company Owner runs every transaction type, including ones added later.',
    save: 'Save access',
    discard: 'Discard changes',
    changed: 'Unsaved changes for: {{roles}}',
    saved: 'Access saved. It applies to each user’s next request.',
    notSaved: 'Nothing was saved: {{message}}',
    failed: 'The access could not be saved.',
    emptyTitle: 'No transaction types yet',
  },
};
export type RoleClaimTexts = typeof en;
