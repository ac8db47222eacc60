// Live updates: modules announce committed changes with publish(); streams deliver them per company.
export { EventHub } from './hub.js';
export { publish, settingsChanged, accessChanged, CHANGE_KINDS, type ChangeKind, type Change } from './publisher.js';
export { STREAMS_PER_COMPANY, STREAMS_PER_USER } from './streams.js';
