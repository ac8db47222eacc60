// Items and the engine that moves them. Sales use the engine through this file.
export { receive, transact, writeReception, checkFields, checkImages, type OrderReception } from './service.js';
export type { NewItem, EventMeta, ItemChange, NewEvent, SaleToRecord } from './queries.js';
export {
  prepare,
  prepareBuiltIn,
  apply,
  writesOf,
  announceItems,
  assertMayRun,
  refused,
  type Actor,
} from './engine.js';
export {
  eventsById,
  lockItems,
  existingSerials,
  sellAndRecord,
  insertEvents,
  applyAndRecord,
  EVENT_LOAN,
  openSaleLines,
  statusesBeforeSale,
  unsell,
} from './queries.js';
export {
  FieldValues,
  ItemEventSchema,
  ItemSchema,
  ModelText,
  ReceiveBody,
  Serial,
  Sku,
  MAX_RECEIVE,
} from './schemas.js';
export { RECEIVE_BODY_LIMIT } from './routes.js';
export { assertMaySetCost, seen, seenColumns, seenEvent, sightOf, type Sight } from './sight.js';
export { actorOf } from './actor.js';

/** Unique constraints of this module, as field + message (409). */
export const ITEM_CONSTRAINTS: Record<string, [string, string]> = {
  items_serial_key: ['serials', 'An item with this serial already exists.'],
  item_events_company_id_item_id_item_version_key: ['version', 'The item changed at the same time; try again.'],
};
export { ITEM_FIELDS, RAW_EXPORT_ONLY } from './export.js';
