/** The role every request runs as: DML only, never a table owner, subject to row-level security. */
export const APP_ROLE = 'stockwise_app';
