export { AuditLogPage } from './routes/AuditLogPage';
