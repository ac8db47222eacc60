export { TillQueue, TillStatus } from './TillPanel';
export { queueScan, tillOffline, useTill } from './useTill';
export { failureOf } from './till';
export { serialsLabel, useCounterTill, useReceptionTill } from './useCounterTill';
export { withLastKnown } from './last-known';
