import { call, type ApiResponse } from '@stockwise/shared';

export type QuantityModel = ApiResponse<'getProductModel'>;

/**
 * The model tracked by quantity whose barcode this is (cables, cases: no serial to scan), or null.
 * The models list searches names and barcodes; only an exact barcode of such a model counts.
 * Both sale screens ask it when a scan is no item's serial.
 */
export async function quantityModelByBarcode(code: string): Promise<QuantityModel | null> {
  const page = await call('GET', '/api/product-models', { query: { search: code, limit: 20 } });
  const key = code.trim().toLowerCase();
  return page.items.find((m) => m.trackedByQuantity && m.barcode?.toLowerCase() === key) ?? null;
}

/** Whether a scanned code is this model's barcode. */
export const isBarcodeOf = (model: QuantityModel, code: string) =>
  Boolean(model.barcode) && model.barcode!.toLowerCase() === code.trim().toLowerCase();

/** A quantity typed at the till: a whole number, 1 or more, or null. */
export function quantityOf(typed: string): number | null {
  const quantity = Number.parseInt(typed, 10);
  return Number.isInteger(quantity) && quantity >= 1 && String(quantity) === typed.trim() ? quantity : null;
}
