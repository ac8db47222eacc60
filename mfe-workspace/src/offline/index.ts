export { TillQueue, TillStatus } from './TillPanel';
export { queueScan, tillOffline, useTill } from './useTill';
export { failureOf, type CountScan } from './till';
export { serialsLabel, THROUGH_THE_TILL, useCountTill, useCounterTill, useReceptionTill } from './useCounterTill';
export { lastKnown, withLastKnown } from './last-known';
