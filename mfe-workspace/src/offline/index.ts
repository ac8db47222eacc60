export { TillQueue, TillStatus } from './TillPanel';
export { queueScan, tillOffline, useTill } from './useTill';
export { failureOf } from './till';
export { useCounterTill, useReceptionTill } from './useCounterTill';
