import { useState } from 'react';
import { moneyInput, parseMoney } from '@/lib/format';
import { isBarcodeOf, quantityModelByBarcode, quantityOf, type QuantityModel } from '@/lib/quantity-models';

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
  const quantity = line ? quantityOf(line.quantity) : null;
  return {
    line,
    quantity,
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
      if (!line || !isBarcodeOf(line.model, code)) return false;
      const next = (quantity ?? 0) + 1;
      setLine({ ...line, quantity: String(next) });
      onReady(line.model, next);
      return true;
    },
    set: (patch: Partial<Pick<QuantityLine, 'quantity' | 'price'>>) => setLine(line ? { ...line, ...patch } : null),
    clear: () => setLine(null),
    /** The sale's line, or null while the quantity or the price is not a number. */
    body() {
      const price = line ? parseMoney(line.price) : null;
      if (!line || quantity === null || price === null) return null;
      return { modelId: line.model.id, quantity, price };
    },
  };
}
export type QuantityLineState = ReturnType<typeof useQuantityLine>;
