// Live updates: modules announce committed changes with publish(); streams deliver them per company.
export { eventRoutes } from './routes.js';
export { EventHub } from './hub.js';
export { publish, settingsChanged, CHANGE_KINDS, type ChangeKind, type Change } from './publisher.js';
