export const en = {
  users: {
    subtitle: 'Everyone in your company and the roles that decide what they may do.',
    invite: 'Invite user',
    name: 'Name',
    userName: 'User name',
    email: 'Email',
    roles: 'Roles',
    noRoles: 'No roles',
    created: 'Joined',
    actions: 'Actions',
    edit: 'Change the roles of {{name}}',
    editTitle: 'Roles of {{name}}',
    noRolesHint: 'A user without roles can sign in but reaches only their own profile.',
    nextRequest: 'The change applies to their next request; their menu follows when they sign in again.',
    saved: 'Roles saved.',
    emptyTitle: 'No users yet',
    emptyBody: 'Invite the people who will work in Stockwise with you.',
  },
};
export type UserTexts = typeof en;
