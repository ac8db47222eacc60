import { call, type ApiResponse } from '@stockwise/shared';
import { useState } from 'react';
import { moneyInput, parseMoney } from '@/lib/format';

export type QuantityModel = ApiResponse<'getProductModel'>;

/**
 * The model tracked by quantity whose barcode this is (cables, cases: no serial to scan), or null.
 * The models list searches names and barcodes; only an exact barcode of such a model counts.
 */
export async function quantityModelByBarcode(code: string): Promise<QuantityModel | null> {
  const page = await call('GET', '/api/product-models', { query: { search: code, limit: 20 } });
  const key = code.trim().toLowerCase();
  return page.items.find((m) => m.trackedByQuantity && m.barcode?.toLowerCase() === key) ?? null;
}

export interface QuantityLine {
  model: QuantityModel;
  quantity: string;
  price: string;
}

/**
 * Rapid Sell's line of a model × quantity: a scan of the model's barcode starts it with one (at the
 * model's price), each further scan of the same barcode adds one; quantity and price stay editable.
 */
export function useQuantityLine(language: string, onReady: (model: QuantityModel, quantity: number) => void) {
  const [line, setLine] = useState<QuantityLine | null>(null);
  const quantity = line ? Number.parseInt(line.quantity, 10) : NaN;
  const validQuantity = Number.isInteger(quantity) && quantity >= 1 && String(quantity) === line?.quantity.trim();
  return {
    line,
    quantity: validQuantity ? quantity : null,
    /** A scan that is no serial: the barcode of a model sold by quantity starts its line with one. */
    async startFrom(code: string) {
      const model = await quantityModelByBarcode(code);
      if (model) {
        setLine({ model, quantity: '1', price: moneyInput(model.salePrice, language) });
        onReady(model, 1);
      }
      return model;
    },
    /** One more of the model on screen when this is its barcode (true); false otherwise (look it up). */
    more(code: string) {
      if (!line?.model.barcode || line.model.barcode.toLowerCase() !== code.trim().toLowerCase()) return false;
      const next = (validQuantity ? quantity : 0) + 1;
      setLine({ ...line, quantity: String(next) });
      onReady(line.model, next);
      return true;
    },
    set: (patch: Partial<Pick<QuantityLine, 'quantity' | 'price'>>) => setLine(line ? { ...line, ...patch } : null),
    clear: () => setLine(null),
    /** The sale's line, or null while the quantity or the price is not a number. */
    body() {
      const price = line ? parseMoney(line.price) : null;
      if (!line || !validQuantity || price === null) return null;
      return { modelId: line.model.id, quantity, price };
    },
  };
}
export type QuantityLineState = ReturnType<typeof useQuantityLine>;
