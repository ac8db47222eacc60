// The catalogue: item types, brands, locations, customers/vendors, transaction types, statuses,
// label settings. Other modules use it through this file only.
export {
  STATUSES,
  StatusKey,
  TRANSACTION_KINDS,
  type StatusKey as Status,
  type TransactionKind,
  type TransactionType,
  type ItemType,
  type FieldDefinition,
} from './schemas.js';
export {
  findTransactionType,
  findBuiltInType,
  BUILT_IN_TYPE_JSON,
  findItemType,
  findLocation,
  findCustomer,
  findBrand,
} from './queries.js';
// The services the demo data is built with (seed-inventory.ts), as the API itself uses them.
export { saveLocation, saveBrand, saveItemType, saveCustomer, listTransactionTypes } from './service.js';

/** Unique constraints of this module, as field + message (409). */
export const CATALOGUE_CONSTRAINTS: Record<string, [string, string]> = {
  item_types_name_key: ['name', 'An item type with this name already exists.'],
  brands_name_key: ['name', 'A brand with this name already exists.'],
  locations_name_key: ['name', 'A location with this name already exists.'],
  transaction_types_name_key: ['name', 'A transaction type with this name already exists.'],
};
