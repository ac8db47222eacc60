// Alerts: what a company should act on (today: models below their reorder point), shown on the
// dashboard and in My Tasks and mailed once a day to who holds the claim.
export { alertRoutes, alertDevRoutes } from './routes.js';
export { sendDigests } from './digest.js';
export { ALERT_SOURCES, type AlertSource } from './sources.js';
