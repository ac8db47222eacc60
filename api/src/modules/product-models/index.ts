// Product models: the catalogue of what a company stocks, their reorder points and what is below them.
export { productModelRoutes } from './routes.js';
export { toReorder, countToReorder } from './service.js';

/** Unique constraints of this module, as field + message (409). */
export const PRODUCT_MODEL_CONSTRAINTS: Record<string, [string, string]> = {
  product_models_name_key: ['name', 'A model with this name already exists for this item type and brand.'],
  product_models_barcode_key: ['barcode', 'Another model already has this barcode.'],
};
