// Warranty claims on items under warranty: open → sent to supplier → repaired / replaced → closed.
export { warrantyRoutes } from './routes.js';

/** Unique constraints of this module, as field + message (409). */
export const WARRANTY_CONSTRAINTS: Record<string, [string, string]> = {
  warranty_claims_one_open: ['itemId', 'This item already has a warranty claim that is not closed.'],
};
