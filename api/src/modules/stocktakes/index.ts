// Stock-takes: a location (or all) counted by scanning from several devices, closed to a variance, applied.
export { stocktakeRoutes } from './routes.js';

/** Unique constraints of this module, as field + message (409). */
export const STOCKTAKE_CONSTRAINTS: Record<string, [string, string]> = {
  stocktakes_one_open: ['locationId', 'A count of this location is already in progress: resume it or close it first.'],
};
