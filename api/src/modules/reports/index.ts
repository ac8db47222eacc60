// Reports and the dashboard: read-only views over items, events and sales, tenant-scoped.
// Aggregates read counters the database keeps in the writing transaction (migration 0008).
export { queueCounts } from './service.js';
export { AWAITING_PROCESS } from './schemas.js';
