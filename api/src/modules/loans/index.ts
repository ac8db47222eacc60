// Loans: an item checked out to a user or a customer until a due time, and checked in again.
export { loanRoutes } from './routes.js';
export { countOverdue, overdueLines } from './service.js';

/** Unique constraints of this module, as field + message (409). */
export const LOAN_CONSTRAINTS: Record<string, [string, string]> = {
  loans_one_open: ['itemId', 'This item is on loan already: check it in first.'],
};
