// The audit log of settings: who changed what, when, before and after. Modules that change a
// setting call recordAudit in the transaction making the change; the routes read it.
export { recordAudit, type AuditEntry } from './service.js';
export { auditRoutes } from './routes.js';
